import { useEffect, useState } from 'react';

import { typingCharacters, typingTimes, type TypingPace } from '@/features/onboarding/utils/typing';

export type Typewriter = {
  /** The characters shown so far. */
  shown: string;
  /** The characters still to come (kept in the layout, invisible, so the text box never resizes). */
  rest: string;
  done: boolean;
};

type Options = TypingPace & {
  /** Starts typing when true; until then nothing is shown. */
  active?: boolean;
  /** Shows the whole text at once (prefers-reduced-motion). */
  instant?: boolean;
};

/**
 * Types `text` out character by character at the given pace. Starts over when the text changes or
 * typing is (re)activated.
 */
export function useTypewriter(text: string, { active = true, instant = false, ...pace }: Options): Typewriter {
  const { charMs, startDelayMs, breakPauseMs } = pace;
  const chars = typingCharacters(text);
  const total = chars.length;
  const [typed, setTyped] = useState({ text, count: 0 });
  // A new text starts from nothing, even before the effect below has run.
  const count = typed.text === text ? typed.count : 0;

  useEffect(() => {
    setTyped({ text, count: 0 });
    if (!active || instant) return undefined;
    const times = typingTimes(text, { charMs, startDelayMs, breakPauseMs });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const typeFrom = (index: number, now: number) => {
      const at = times[index];
      if (at === undefined) return;
      timer = setTimeout(() => {
        setTyped({ text, count: index + 1 });
        typeFrom(index + 1, at);
      }, at - now);
    };
    typeFrom(0, 0);
    return () => clearTimeout(timer);
  }, [text, active, instant, charMs, startDelayMs, breakPauseMs]);

  if (!active) return { shown: '', rest: text, done: false };
  if (instant) return { shown: text, rest: '', done: true };
  return { shown: chars.slice(0, count).join(''), rest: chars.slice(count).join(''), done: count >= total };
}
