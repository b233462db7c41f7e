import { useCallback, useEffect, useState } from 'react';

import {
  HERO_REVEAL_DELAY_MS,
  INTRO_FADE_MS,
  INTRO_PHASE_MS,
  INTRO_REDUCED_PHASE_MS,
  LANDING_ANIMATION_FLAG,
} from '@/config/constants';

export type IntroTimeline = {
  /** How long each text phase shows, in order. */
  phaseMs: readonly number[];
  /** The overlay's fade-out after the last phase. */
  fadeMs: number;
  /** From the end of the fade to the hero's appearance. */
  heroDelayMs: number;
};

/**
 * The intro's timing (spec §4, §9): four 2 s text phases, a 0.5 s fade, the hero 300 ms later. Someone who
 * asked for reduced motion gets short phases and no fade.
 */
export function introTimeline(reducedMotion: boolean): IntroTimeline {
  if (reducedMotion) {
    return { phaseMs: INTRO_PHASE_MS.map(() => INTRO_REDUCED_PHASE_MS), fadeMs: 0, heroDelayMs: 0 };
  }
  return { phaseMs: INTRO_PHASE_MS, fadeMs: INTRO_FADE_MS, heroDelayMs: HERO_REVEAL_DELAY_MS };
}

export function hasSeenIntro(): boolean {
  try {
    return localStorage.getItem(LANDING_ANIMATION_FLAG) !== null;
  } catch {
    return false;
  }
}

function markIntroSeen(): void {
  try {
    localStorage.setItem(LANDING_ANIMATION_FLAG, 'true');
  } catch {
    // Without storage the intro simply plays again next time.
  }
}

export type LandingIntro = {
  /** The text phase showing (0-3), or null once the phases are over. */
  phase: number | null;
  /** True while the overlay fades out. */
  fading: boolean;
  /** True while the intro overlay is on screen (phases and fade). */
  overlay: boolean;
  /** True once the hero may appear. */
  heroVisible: boolean;
  /** True when the visitor ended the intro with the skip button. */
  skipped: boolean;
  timeline: IntroTimeline;
  skip: () => void;
};

/**
 * Plays the landing intro once per browser: phases, fade, a short pause, then the hero. A visitor who has
 * seen it (the local flag `hasSeenLandingAnimation`) goes straight to the hero. The flag is set when the
 * intro ends or is skipped.
 */
export function useLandingIntro({ reducedMotion }: { reducedMotion: boolean }): LandingIntro {
  const timeline = introTimeline(reducedMotion);
  const phaseCount = timeline.phaseMs.length;
  const steps = [...timeline.phaseMs, timeline.fadeMs, timeline.heroDelayMs];
  // step: 0..phaseCount-1 text phases, phaseCount the fade, phaseCount+1 the pause, steps.length done.
  const [step, setStep] = useState(() => (hasSeenIntro() ? steps.length : 0));
  const [skipped, setSkipped] = useState(false);
  const duration = steps[step];
  // Steps of no length (the fade and pause under reduced motion) are passed over at once.
  const stepAfter = (s: number) => {
    let next = s + 1;
    while (next < steps.length && steps[next] === 0) next += 1;
    return next;
  };
  const next = stepAfter(step);

  useEffect(() => {
    if (duration === undefined) return undefined;
    const timer = setTimeout(() => setStep(next), duration);
    return () => clearTimeout(timer);
  }, [step, duration, next]);

  // The fade has ended (or the intro was never shown): remember it.
  useEffect(() => {
    if (step > phaseCount) markIntroSeen();
  }, [step, phaseCount]);

  const afterPhases = stepAfter(phaseCount - 1);
  const skip = useCallback(() => {
    markIntroSeen();
    setSkipped(true);
    setStep((s) => Math.max(s, afterPhases));
  }, [afterPhases]);

  return {
    phase: step < phaseCount ? step : null,
    fading: step === phaseCount,
    overlay: step <= phaseCount,
    heroVisible: step >= steps.length,
    skipped,
    timeline,
    skip,
  };
}
