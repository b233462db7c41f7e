import { useEffect, useRef, useState } from 'react';

import { ONBOARDING_AUDIO_RATE, ONBOARDING_MAX_BEEPS } from '@/config/constants';
import { beepDurationMs, beepWav } from '@/features/onboarding/utils/beep';

type Options = {
  /** The beeps play while true; turning it off stops the sound at once. */
  active: boolean;
  /** Called once after the last beep has ended. */
  onDone: () => void;
};

/**
 * The intro's transmission (spec §4): up to 3 beeps, each next one started by the audio element's
 * `ended` event. When the browser refuses to play (autoplay blocked: `play()` rejects) or the element
 * fails, that is only logged and timers of one beep's length drive the rest, so the visual sequence goes
 * on without sound. A beep whose `ended` never comes is given up on after a generous wait, so the intro
 * can never stall. Returns the number of the beep playing (1-3; 0 before the first).
 */
export function useTransmission({ active, onDone }: Options): number {
  const [beep, setBeep] = useState(0);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (!active) return undefined;
    const url = URL.createObjectURL(beepWav());
    const audio = new Audio(url);
    audio.preload = 'auto';
    audio.volume = 0.7;
    audio.defaultPlaybackRate = ONBOARDING_AUDIO_RATE;
    audio.playbackRate = ONBOARDING_AUDIO_RATE;
    // Played faster, the synthetic tones simply rise in pitch; time-stretching them would only blur them.
    audio.preservesPitch = false;

    const beepMs = beepDurationMs(ONBOARDING_AUDIO_RATE);
    let useTimers = false;
    let current = 0;
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const wait = (n: number, ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(n), ms);
    };
    const fallBackToTimers = (n: number, reason: unknown) => {
      if (disposed || useTimers) return;
      console.warn('onboarding: the transmission sound cannot play; the intro goes on without it', reason);
      useTimers = true;
      if (n === current) wait(n, beepMs);
    };
    const start = (n: number) => {
      current = n;
      setBeep(n);
      if (useTimers) {
        wait(n, beepMs);
        return;
      }
      // Should `ended` never arrive, move on anyway.
      wait(n, beepMs * 3 + 1000);
      let playing: Promise<void> | undefined;
      try {
        playing = audio.play();
      } catch (error) {
        fallBackToTimers(n, error);
        return;
      }
      playing?.catch((error: unknown) => fallBackToTimers(n, error));
    };
    function finish(n: number) {
      if (disposed || n !== current) return;
      clearTimeout(timer);
      if (n >= ONBOARDING_MAX_BEEPS) onDoneRef.current();
      else start(n + 1);
    }

    const onEnded = () => {
      if (!useTimers) finish(current);
    };
    const onError = () => fallBackToTimers(current, audio.error);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('error', onError);
    start(1);

    return () => {
      disposed = true;
      clearTimeout(timer);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('error', onError);
      audio.pause();
      URL.revokeObjectURL(url);
    };
  }, [active]);

  return beep;
}
