import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { YEAR_CHOICES } from '@/config/constants';
import { PlaceField } from '@/features/birth-input/components/place-field';
import {
  DEFAULT_PLACE,
  formatBirthDate,
  formatBirthTime,
  yearChoices,
  type BirthInput,
  type ChosenPlace,
} from '@/lib/birth-data';
import { datePartLabel } from '@/lib/dates';

// Dialogs load on first use: most visits never open one, and MUI's modal code is sizeable.
const MissingDetailsDialog = lazy(() =>
  import(/* webpackChunkName: "dialog-missing-details" */ '@/features/birth-input/components/missing-details-dialog').then(
    (module) => ({ default: module.MissingDetailsDialog }),
  ),
);

const pad2 = (n: number) => String(n).padStart(2, '0');

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const MONTH_OPTIONS: SelectOption[] = range(1, 12).map((m) => ({ value: String(m), label: datePartLabel('month', m) }));
// Days are 1-31 whatever the month (spec §5); the server judges impossible dates.
const DAY_OPTIONS: SelectOption[] = range(1, 31).map((d) => ({ value: String(d), label: datePartLabel('day', d) }));
const HOUR_OPTIONS: SelectOption[] = range(0, 23).map((h) => ({ value: pad2(h), label: `${pad2(h)}時` }));
const MINUTE_OPTIONS: SelectOption[] = range(0, 59).map((m) => ({ value: pad2(m), label: `${pad2(m)}分` }));

type BirthFormProps = {
  onSubmit: (input: BirthInput) => void;
  disabled?: boolean;
  /** The year the year choices end with; the current year unless a test pins it. */
  currentYear?: number;
};

/**
 * The landing birth form (spec §2, §5): year, month and day are required; hour, minute and place are
 * optional, and leaving any of them empty asks first whether to go on with the defaults.
 */
export function BirthForm({ onSubmit, disabled = false, currentYear = new Date().getFullYear() }: BirthFormProps) {
  const [year, setYear] = useState('');
  const [month, setMonth] = useState('');
  const [day, setDay] = useState('');
  const [hour, setHour] = useState('');
  const [minute, setMinute] = useState('');
  const [place, setPlace] = useState<ChosenPlace | null>(null);
  const [placeBusy, setPlaceBusy] = useState(false);
  const [askingToProceed, setAskingToProceed] = useState(false);

  const yearOptions = useMemo<SelectOption[]>(
    () => yearChoices(currentYear, YEAR_CHOICES).map((y) => ({ value: String(y), label: datePartLabel('year', y) })),
    [currentYear],
  );

  const dateComplete = year !== '' && month !== '' && day !== '';
  const detailsComplete = hour !== '' && minute !== '' && place !== null;

  const buildInput = (): BirthInput => {
    const chosen = place ?? DEFAULT_PLACE;
    return {
      birthDate: formatBirthDate(Number(year), Number(month), Number(day)),
      // A skipped hour stays unknown ('') rather than becoming 12:00: the server then uses 12:00,
      // marks what rests on it, and the sign-up that takes this input over keeps it unknown.
      birthTime: hour === '' ? '' : formatBirthTime(Number(hour), minute === '' ? null : Number(minute)),
      birthLocation: chosen.label,
      coordinates: { ...chosen.coordinates },
    };
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dateComplete || placeBusy || disabled) return;
    if (!detailsComplete) {
      setAskingToProceed(true);
      return;
    }
    onSubmit(buildInput());
  };

  const proceedWithDefaults = () => {
    setAskingToProceed(false);
    onSubmit(buildInput());
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-labelledby="birth-form-title">
      <Typography id="birth-form-title" variant="h2" component="h2" sx={{ mb: 1, textAlign: 'center' }}>
        生年月日を入力
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, textAlign: 'center' }}>
        生まれた日時と場所から、あなたの命式（四柱）と五行のバランスを読み解きます。
      </Typography>

      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, mb: 3 }}>
        <Typography component="legend" variant="h4" sx={{ mb: 1.5 }}>
          生年月日（必須）
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1.4fr 1fr 1fr', gap: 1.5 }}>
          <SelectField label="年" value={year} options={yearOptions} onChange={setYear} required disabled={disabled} />
          <SelectField label="月" value={month} options={MONTH_OPTIONS} onChange={setMonth} required disabled={disabled} />
          <SelectField label="日" value={day} options={DAY_OPTIONS} onChange={setDay} required disabled={disabled} />
        </Box>
      </Box>

      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, mb: 3 }}>
        <Typography component="legend" variant="h4" sx={{ mb: 1.5 }}>
          生まれた時刻（任意）
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          <SelectField label="時" value={hour} options={HOUR_OPTIONS} onChange={setHour} disabled={disabled} />
          <SelectField label="分" value={minute} options={MINUTE_OPTIONS} onChange={setMinute} disabled={disabled} />
        </Box>
      </Box>

      <Box sx={{ mb: 4 }}>
        <Typography variant="h4" component="p" sx={{ mb: 1.5 }}>
          生まれた場所（任意）
        </Typography>
        <PlaceField
          label="出生地"
          helperText="市区町村名を入力し、候補から選んでください"
          value={place}
          onChange={setPlace}
          onBusyChange={setPlaceBusy}
          disabled={disabled}
        />
      </Box>

      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!dateComplete || placeBusy || disabled}
      >
        命式を読み解く
      </Button>

      {askingToProceed ? (
        <Suspense fallback={null}>
          <MissingDetailsDialog open onBack={() => setAskingToProceed(false)} onProceed={proceedWithDefaults} />
        </Suspense>
      ) : null}
    </Box>
  );
}
