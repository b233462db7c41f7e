import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';

import { DstChoicePicker } from '@/components/bazi/dst-choice-picker';
import { BirthDateSelect } from '@/components/ui/birth-date-select';
import { BirthTimeSelect } from '@/components/ui/birth-time-select';
import { toast } from '@/components/ui/toast/toast-store';
import { useUpdateBirthData, type BirthDataInput } from '@/features/settings/api/update-birth-data';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { errorMessageFor } from '@/lib/api-client';
import { DEFAULT_BIRTH_LOCATION, DEFAULT_BIRTH_TIME, DEFAULT_PLACE, type ChosenPlace } from '@/lib/birth-data';
import {
  datePartsToString,
  dateStringToParts,
  EMPTY_TIME,
  timePartsToInput,
  timeStringToParts,
  type DateParts,
  type TimeParts,
} from '@/lib/birth-fields';
import {
  dstChoiceInUse,
  dstOptionsOf,
  dstReadingOf,
  isDstChoiceKey,
  type DstChoiceKey,
  type DstOption,
  type DstReading,
} from '@/lib/dst-choice';
import type { PlaceFieldComponent } from '@/lib/place-field-slot';

type Gender = BirthDataInput['gender'];

const GENDERS: readonly (readonly [Gender, string])[] = [
  ['male', '男性'],
  ['female', '女性'],
  ['other', 'その他'],
];

export const GENDER_REQUIRED = '性別を選択してください';
export const BIRTH_DATE_REQUIRED = '生年月日を入力してください';

/** The birth data as the user object holds it. */
export type StoredBirthData = {
  gender: Gender | null;
  birthDate: string | null;
  birthTime: string | null;
  /** The time was skipped: `birthTime` is the assumed 12:00, and the form shows it as not given. */
  birthTimeUnknown: boolean;
  birthLocation: string | null;
  birthLongitude: number | null;
  birthLatitude: number | null;
  /** How the time is read when a summer-time change skipped or repeated it; null when it needed no choice. */
  dstChoice: DstChoiceKey | null;
};

function storedPlace(data: StoredBirthData): ChosenPlace | null {
  const { birthLocation, birthLongitude, birthLatitude } = data;
  if (!birthLocation || birthLongitude === null || birthLatitude === null) return null;
  return { label: birthLocation, coordinates: { longitude: birthLongitude, latitude: birthLatitude } };
}

type BirthDataFormProps = {
  initial: StoredBirthData;
  /** The birth-place input with suggestions (the route passes birth-input's). */
  placeField: PlaceFieldComponent;
  onSaved: () => void;
  currentYear?: number;
};

/**
 * 生年月日・出生情報: gender and birth date required (spec §5 profile birth form), time and place optional.
 * A time a summer-time change skipped or repeated (Japan 1948–1951) is saved with a reading: the stored one is
 * shown under the time and sent again while date and time stay as they are; a new date or time drops it, and
 * when the gateway then asks, its readings are offered and the pick is saved with the rest.
 */
export function BirthDataForm({ initial, placeField: PlaceField, onSaved, currentYear }: BirthDataFormProps) {
  const { trigger, isMutating } = useUpdateBirthData();
  const [gender, setGender] = useState<Gender | ''>(initial.gender ?? '');
  const [date, setDate] = useState<DateParts>(() => dateStringToParts(initial.birthDate));
  // An unknown time shows as not chosen (not as the 12:00 used for it), and stays unknown if left so.
  const [time, setTime] = useState<TimeParts>(() =>
    initial.birthTimeUnknown ? EMPTY_TIME : timeStringToParts(initial.birthTime),
  );
  const [place, setPlace] = useState<ChosenPlace | null>(() => storedPlace(initial));
  const [placeBusy, setPlaceBusy] = useState(false);
  const [errors, setErrors] = useState<{ gender?: string; birthDate?: string }>({});
  const [dst, setDst] = useState<DstReading | null>(() =>
    isDstChoiceKey(initial.dstChoice) ? { choice: initial.dstChoice } : null,
  );
  const [dstOptions, setDstOptions] = useState<DstOption[] | null>(null);

  const changeDate = (value: DateParts) => {
    setDate(value);
    setDst(null);
    setDstOptions(null);
    setErrors((e) => ({ ...e, birthDate: undefined }));
  };
  const changeTime = (value: TimeParts) => {
    setTime(value);
    setDst(null);
    setDstOptions(null);
  };

  /** Checks the form and saves it, with `reading` as the summer-time reading of the time. */
  const save = async (reading: DstReading | null) => {
    if (isMutating || placeBusy) return;
    const birthDate = datePartsToString(date);
    const found = {
      ...(gender === '' ? { gender: GENDER_REQUIRED } : {}),
      ...(birthDate === null ? { birthDate: BIRTH_DATE_REQUIRED } : {}),
    };
    setErrors(found);
    if (gender === '' || birthDate === null) {
      toast({ variant: 'destructive', title: '入力エラー', description: found.gender ?? found.birthDate });
      return;
    }
    const chosen = place ?? DEFAULT_PLACE;
    try {
      await trigger({
        gender,
        birthDate,
        birthTime: timePartsToInput(time),
        birthLocation: chosen.label,
        coordinates: { ...chosen.coordinates },
        ...(reading && time.hour !== '' ? { dstChoice: reading.choice } : {}),
      });
      toast({ title: '出生情報を更新しました', description: '新しい命式を計算しています' });
      onSaved();
    } catch (failure) {
      // A skipped or repeated time: the gateway's message, and its readings to pick from.
      setDstOptions(dstOptionsOf(failure));
      toast({
        variant: 'destructive',
        title: 'エラー',
        description: errorMessageFor(failure, '出生情報の更新に失敗しました'),
      });
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(dst);
  };

  const chooseDst = (choice: DstChoiceKey) => {
    const reading = dstReadingOf(choice, dstOptions);
    setDst(reading);
    setDstOptions(null);
    void save(reading);
  };

  return (
    <SettingsSection title="生年月日・出生情報" description="変更すると、命式と運勢が新しい情報で計算し直されます。">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit}
        aria-label="出生情報の変更"
        sx={{ display: 'grid', gap: 3 }}
      >
        <FormControl error={Boolean(errors.gender)} required>
          <FormLabel id="settings-gender-label">性別</FormLabel>
          <RadioGroup
            row
            aria-labelledby="settings-gender-label"
            value={gender}
            onChange={(event) => {
              setGender(event.target.value as Gender);
              setErrors((e) => ({ ...e, gender: undefined }));
            }}
          >
            {GENDERS.map(([value, label]) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
            ))}
          </RadioGroup>
          {errors.gender ? <FormHelperText>{errors.gender}</FormHelperText> : null}
        </FormControl>

        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" variant="body2" sx={{ mb: 1.5, fontWeight: 700 }}>
            生年月日（必須）
          </Typography>
          <BirthDateSelect value={date} onChange={changeDate} required currentYear={currentYear} />
          {errors.birthDate ? (
            <FormHelperText error>{errors.birthDate}</FormHelperText>
          ) : null}
        </Box>

        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" variant="body2" sx={{ mb: 1.5, fontWeight: 700 }}>
            生まれた時刻（任意）
          </Typography>
          <BirthTimeSelect value={time} onChange={changeTime} />
          {dst && time.hour !== '' && !dstOptions ? <FormHelperText>{dstChoiceInUse(dst)}</FormHelperText> : null}
          {dstOptions ? (
            <DstChoicePicker options={dstOptions} onChoose={chooseDst} busy={isMutating} submitLabel="この読み方で保存する" />
          ) : null}
        </Box>

        <PlaceField
          label="出生地"
          helperText="市区町村名を入力し、候補から選んでください"
          value={place}
          onChange={setPlace}
          onBusyChange={setPlaceBusy}
        />

        {time.hour === '' || place === null ? (
          <Alert severity="info" role="note">
            未入力の時刻は正午（{DEFAULT_BIRTH_TIME}）、出生地は「{DEFAULT_BIRTH_LOCATION}」として計算します。
          </Alert>
        ) : null}

        <Box>
          <Button type="submit" variant="contained" disabled={isMutating || placeBusy}>
            {isMutating ? '保存中...' : '出生情報を保存'}
          </Button>
        </Box>
      </Box>
    </SettingsSection>
  );
}
