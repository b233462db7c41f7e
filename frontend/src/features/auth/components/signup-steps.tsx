import type { ReactNode, RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

export const SIGNUP_STEP_COUNT = 5;

type StepIndicatorProps = {
  /** 1-based. */
  step: number;
};

/** 'ステップ 2 / 5' and a progress bar. */
export function SignupStepIndicator({ step }: StepIndicatorProps) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75, textAlign: 'center' }}>
        ステップ {step} / {SIGNUP_STEP_COUNT}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(step / SIGNUP_STEP_COUNT) * 100}
        aria-label="登録の進み具合"
        aria-valuetext={`${SIGNUP_STEP_COUNT}ステップ中${step}ステップ目`}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

type StepFrameProps = {
  title: string;
  /** Receives focus when the step appears, so screen readers start at its title. */
  titleRef: RefObject<HTMLHeadingElement | null>;
  lead?: ReactNode;
  children: ReactNode;
  /** The step's buttons: back, skip, next. */
  actions: ReactNode;
};

/** One step of the signup wizard: its title, a sentence, the fields and the buttons. */
export function SignupStepFrame({ title, titleRef, lead, children, actions }: StepFrameProps) {
  return (
    <Box component="section" aria-labelledby="signup-step-title">
      <Typography
        id="signup-step-title"
        ref={titleRef}
        tabIndex={-1}
        variant="h3"
        component="h2"
        sx={{ mb: lead ? 1 : 3, outline: 'none' }}
      >
        {title}
      </Typography>
      {lead ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {lead}
        </Typography>
      ) : null}
      <Box sx={{ mb: 3 }}>{children}</Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'space-between', alignItems: 'center' }}>
        {actions}
      </Box>
    </Box>
  );
}

type NavButtonsProps = {
  onBack: () => void;
  onNext?: () => void;
  nextDisabled?: boolean;
  /** Replaces the next button, e.g. the submit button of the last step. */
  next?: ReactNode;
};

export function SignupNavButtons({ onBack, onNext, nextDisabled, next }: NavButtonsProps) {
  return (
    <>
      <Button variant="text" onClick={onBack}>
        戻る
      </Button>
      {next ?? (
        <Button variant="contained" size="large" onClick={onNext} disabled={nextDisabled} sx={{ minWidth: 140 }}>
          次へ
        </Button>
      )}
    </>
  );
}
