import { useCallback, useEffect, useRef, useState } from 'react';

import {
  GREETING_BREAK_PAUSE_MS,
  GREETING_BUTTONS_DELAY_MS,
  GREETING_CHAR_MS,
  GREETING_START_DELAY_MS,
  ONBOARDING_MESSAGE_FADE_IN_MS,
  ONBOARDING_MESSAGE_FADE_OUT_MS,
  ONBOARDING_SKIP_FADE_MS,
} from '@/config/constants';
import { useTransmission } from '@/features/onboarding/hooks/use-transmission';
import { useTypewriter, type Typewriter } from '@/features/onboarding/hooks/use-typewriter';

/** The intro's stages in order (spec §4): beeps, the message fading in and out, then the greeting. */
export type IntroPhase = 'transmission' | 'message-in' | 'message-out' | 'greeting';

export type IntroSequence = {
  phase: IntroPhase;
  /** The beep playing (1-3), 0 before the first. */
  beep: number;
  typing: Typewriter;
  /** The two buttons show 2 s after the greeting has finished typing. */
  buttonsVisible: boolean;
  /** True while the intro fades out after a skip. */
  skipping: boolean;
  skip: () => void;
};

type Options = {
  greeting: string;
  reducedMotion: boolean;
  /** Called when the skip fade (0.5 s) has ended. */
  onSkipped: () => void;
};

/**
 * The intro's timeline (spec §4, §9): up to 3 beeps, the message fading in (3 s) and out (1 s), the
 * greeting typed at 50 ms per character after 0.5 s with a 2 s pause at its blank line, and the buttons
 * 2 s after it has finished. Reduced motion keeps the timings but shows the greeting at once. A skip
 * stops everything, fades the intro out over 0.5 s, and then calls `onSkipped`.
 */
export function useIntroSequence({ greeting, reducedMotion, onSkipped }: Options): IntroSequence {
  const [phase, setPhase] = useState<IntroPhase>('transmission');
  const [buttonsVisible, setButtonsVisible] = useState(false);
  const [skipping, setSkipping] = useState(false);

  const beep = useTransmission({
    active: phase === 'transmission' && !skipping,
    onDone: () => setPhase('message-in'),
  });

  useEffect(() => {
    if (skipping) return undefined;
    const after =
      phase === 'message-in'
        ? { ms: ONBOARDING_MESSAGE_FADE_IN_MS, next: 'message-out' as const }
        : phase === 'message-out'
          ? { ms: ONBOARDING_MESSAGE_FADE_OUT_MS, next: 'greeting' as const }
          : null;
    if (!after) return undefined;
    const timer = setTimeout(() => setPhase(after.next), after.ms);
    return () => clearTimeout(timer);
  }, [phase, skipping]);

  const typing = useTypewriter(greeting, {
    active: phase === 'greeting',
    instant: reducedMotion,
    charMs: GREETING_CHAR_MS,
    startDelayMs: GREETING_START_DELAY_MS,
    breakPauseMs: GREETING_BREAK_PAUSE_MS,
  });

  useEffect(() => {
    if (!typing.done || skipping) return undefined;
    const timer = setTimeout(() => setButtonsVisible(true), GREETING_BUTTONS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typing.done, skipping]);

  const onSkippedRef = useRef(onSkipped);
  useEffect(() => {
    onSkippedRef.current = onSkipped;
  });
  useEffect(() => {
    if (!skipping) return undefined;
    const timer = setTimeout(() => onSkippedRef.current(), ONBOARDING_SKIP_FADE_MS);
    return () => clearTimeout(timer);
  }, [skipping]);

  const skip = useCallback(() => setSkipping(true), []);

  return { phase, beep, typing, buttonsVisible, skipping, skip };
}
