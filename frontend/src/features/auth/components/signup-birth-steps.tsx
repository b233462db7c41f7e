import type { RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

import { BirthDateSelect } from '@/components/ui/birth-date-select';
import { BirthTimeSelect } from '@/components/ui/birth-time-select';
import { SignupNavButtons, SignupStepFrame } from '@/features/auth/components/signup-steps';
import { DEFAULT_BIRTH_LOCATION, DEFAULT_BIRTH_TIME, type ChosenPlace } from '@/lib/birth-data';
import { EMPTY_TIME, isDateComplete, timePartsToString, type DateParts, type TimeParts } from '@/lib/birth-fields';
import { dstChoiceInUse, type DstReading } from '@/lib/dst-choice';
import type { PlaceFieldComponent } from '@/lib/place-field-slot';

type StepNav = {
  titleRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  onNext: () => void;
};

type SignupDateStepProps = StepNav & {
  value: DateParts;
  onChange: (date: DateParts) => void;
  currentYear?: number;
};

/** Step 2: year, month and day; Next waits for all three. */
export function SignupDateStep({ titleRef, onBack, onNext, value, onChange, currentYear }: SignupDateStepProps) {
  return (
    <SignupStepFrame
      title="生年月日を選んでください"
      titleRef={titleRef}
      lead="命式の柱になる、いちばん大切な情報です。"
      actions={<SignupNavButtons onBack={onBack} onNext={onNext} nextDisabled={!isDateComplete(value)} />}
    >
      <BirthDateSelect value={value} onChange={onChange} required currentYear={currentYear} />
    </SignupStepFrame>
  );
}

type SignupTimeStepProps = StepNav & {
  value: TimeParts;
  onChange: (time: TimeParts) => void;
  /** The reading of a summer-time birth time already picked (on the landing, or after the gateway asked). */
  dst: DstReading | null;
};

/** Step 3: hour and minute, or not known at all (noon is used); the note says which time is used. */
export function SignupTimeStep({ titleRef, onBack, onNext, value, onChange, dst }: SignupTimeStepProps) {
  return (
    <SignupStepFrame
      title="生まれた時刻を選んでください"
      titleRef={titleRef}
      lead="時刻が分かると、時柱まで読み解けます。"
      actions={
        <>
          <SignupNavButtons onBack={onBack} onNext={onNext} />
          <Button
            variant="text"
            onClick={() => {
              onChange(EMPTY_TIME);
              onNext();
            }}
            sx={{ width: '100%' }}
          >
            まったく分からない
          </Button>
        </>
      }
    >
      <BirthTimeSelect value={value} onChange={onChange} />
      <Alert severity="info" role="note" sx={{ mt: 2 }}>
        {value.hour === ''
          ? `時刻を選ばない場合は、正午（${DEFAULT_BIRTH_TIME}）として計算します。`
          : `${timePartsToString(value)} として計算します。`}
        {dst && value.hour !== '' ? (
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            {dstChoiceInUse(dst)}。
          </Box>
        ) : null}
      </Alert>
    </SignupStepFrame>
  );
}

type SignupPlaceStepProps = StepNav & {
  value: ChosenPlace | null;
  onChange: (place: ChosenPlace | null) => void;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  placeField: PlaceFieldComponent;
};

/** Step 4: the birth place from suggestions, or skipped (Tokyo is used); waits while a place is looked up. */
export function SignupPlaceStep({
  titleRef,
  onBack,
  onNext,
  value,
  onChange,
  busy,
  onBusyChange,
  placeField: PlaceField,
}: SignupPlaceStepProps) {
  return (
    <SignupStepFrame
      title="生まれた場所を入力してください"
      titleRef={titleRef}
      lead="出生地の経度から、太陽の位置に合わせて時刻を補正します。"
      actions={
        <>
          <SignupNavButtons onBack={onBack} onNext={onNext} nextDisabled={busy} />
          <Button
            variant="text"
            disabled={busy}
            onClick={() => {
              onChange(null);
              onNext();
            }}
            sx={{ width: '100%' }}
          >
            スキップ
          </Button>
        </>
      }
    >
      <PlaceField
        label="出生地"
        helperText="市区町村名を入力し、候補から選んでください"
        value={value}
        onChange={onChange}
        onBusyChange={onBusyChange}
      />
      <Alert severity="info" role="note" sx={{ mt: 2 }}>
        {value === null
          ? `選ばない場合は「${DEFAULT_BIRTH_LOCATION}」として計算します。`
          : `「${value.label}」として計算します。`}
      </Alert>
    </SignupStepFrame>
  );
}
