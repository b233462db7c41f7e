import type { RefObject } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiLink from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

import { SignupNavButtons, SignupStepFrame } from '@/features/auth/components/signup-steps';
import type { Gender } from '@/features/auth/utils/signup-birth';

const GENDERS = [
  ['male', '男性'],
  ['female', '女性'],
] as const;

type SignupGenderStepProps = {
  titleRef: RefObject<HTMLHeadingElement | null>;
  gender: Gender | null;
  onChange: (gender: Gender | null) => void;
  onBack: () => void;
  onNext: () => void;
};

/** Step 1: male or female, or skipped (other, or not answered); Next waits for a choice. */
export function SignupGenderStep({ titleRef, gender, onChange, onBack, onNext }: SignupGenderStepProps) {
  return (
    <SignupStepFrame
      title="性別を教えてください"
      titleRef={titleRef}
      lead="運勢の流れ（大運）の向きを求めるのに使います。"
      actions={<SignupNavButtons onBack={onBack} onNext={onNext} nextDisabled={gender === null} />}
    >
      <RadioGroup
        aria-label="性別"
        value={gender ?? ''}
        onChange={(event) => onChange(event.target.value as Gender)}
        sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mb: 2 }}
      >
        {GENDERS.map(([value, label]) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio />}
            label={label}
            sx={{
              m: 0,
              px: 1.5,
              py: 1,
              border: '1px solid',
              borderColor: gender === value ? 'primary.main' : 'divider',
              borderRadius: 2,
              bgcolor: gender === value ? 'action.selected' : undefined,
            }}
          />
        ))}
      </RadioGroup>
      <MuiLink
        component="button"
        type="button"
        variant="body2"
        onClick={() => {
          onChange(null);
          onNext();
        }}
      >
        スキップ（その他・答えたくない）
      </MuiLink>
    </SignupStepFrame>
  );
}
