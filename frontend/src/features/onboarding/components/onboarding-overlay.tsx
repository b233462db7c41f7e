import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Modal from '@mui/material/Modal';
import useMediaQuery from '@mui/material/useMediaQuery';

import { completeOnboarding } from '@/features/onboarding/api/complete-onboarding';
import { ClosingStage } from '@/features/onboarding/components/closing-stage';
import { IntroStage } from '@/features/onboarding/components/intro-stage';
import { TourStage } from '@/features/onboarding/components/tour-stage';
import { markOnboardingCompletedLocally } from '@/features/onboarding/utils/onboarding-flag';

export type OnboardingOverlayProps = {
  /** How the navigator addresses the user in its greeting (null: no name). */
  name: string | null;
  /** The server has recorded the completion: refresh the current user. */
  onCompleted: () => void;
  /** The overlay is done (finished or skipped) and should be unmounted. */
  onClose: () => void;
};

type Stage = 'intro' | 'tour' | 'closing';

/**
 * The first-run onboarding (spec §2, §4): the intro, the 13-step tour and the closing screen, as one
 * modal dialog over the app. Finishing the tour or skipping (the intro's 'スキップ', the tour's close
 * button, Esc) completes the onboarding: the local flag is set and POST /api/onboarding/complete is sent;
 * when that call fails it is only logged, so nobody is ever kept in the overlay.
 */
export function OnboardingOverlay({ name, onCompleted, onClose }: OnboardingOverlayProps) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [stage, setStage] = useState<Stage>('intro');
  const completion = useRef<Promise<void> | null>(null);
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
  });

  /** Completes once, however many ways the user found to end it. */
  const complete = useCallback(() => {
    completion.current ??= (async () => {
      // The flag first: a reload while the call is on its way must not start the onboarding again.
      markOnboardingCompletedLocally();
      try {
        await completeOnboarding();
        onCompletedRef.current();
      } catch (error) {
        console.error('onboarding: POST /api/onboarding/complete failed; the local flag keeps it finished', error);
      }
    })();
    return completion.current;
  }, []);

  const skip = useCallback(() => {
    void complete();
    onClose();
  }, [complete, onClose]);

  const finishTour = useCallback(() => {
    void complete();
    setStage('closing');
  }, [complete]);

  return (
    // No onClose: each stage handles Esc itself (the intro fades out before it ends).
    <Modal open hideBackdrop disableScrollLock>
      <Box
        role="dialog"
        aria-modal="true"
        aria-label="ナビゲーターのご案内"
        data-testid="onboarding-overlay"
        data-stage={stage}
        tabIndex={-1}
        sx={{ position: 'fixed', inset: 0, outline: 'none' }}
      >
        {stage === 'intro' && (
          <IntroStage name={name} reducedMotion={reducedMotion} onStartTour={() => setStage('tour')} onSkip={skip} />
        )}
        {stage === 'tour' && <TourStage reducedMotion={reducedMotion} onFinished={finishTour} onSkip={skip} />}
        {stage === 'closing' && <ClosingStage onDone={onClose} />}
      </Box>
    </Modal>
  );
}

/** For `React.lazy`: the overlay is its own chunk, fetched only for users who have not finished it. */
export default OnboardingOverlay;
