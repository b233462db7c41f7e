import { useCallback, useEffect, useState } from 'react';

type RotationOptions = {
  /** How many items take turns. */
  count: number;
  /** Time each item stays before the next one. */
  intervalMs: number;
  /** No automatic turn while true (reduced motion, hover, focus, the pause button). */
  paused: boolean;
};

export type Rotation = {
  index: number;
  next: () => void;
  previous: () => void;
  goTo: (index: number) => void;
};

/** Wraps any whole number into 0..count-1, so stepping past either end loops around. */
export function wrapIndex(index: number, count: number): number {
  return ((index % count) + count) % count;
}

/**
 * An index that moves on by itself every `intervalMs`, looping, unless paused. Moving by hand restarts the
 * wait, so a visitor who just chose an item gets the full interval to look at it.
 */
export function useRotation({ count, intervalMs, paused }: RotationOptions): Rotation {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (paused || count < 2) return undefined;
    const timer = setTimeout(() => setIndex((i) => wrapIndex(i + 1, count)), intervalMs);
    return () => clearTimeout(timer);
  }, [index, paused, count, intervalMs]);

  const goTo = useCallback((target: number) => setIndex(wrapIndex(target, count)), [count]);
  const next = useCallback(() => setIndex((i) => wrapIndex(i + 1, count)), [count]);
  const previous = useCallback(() => setIndex((i) => wrapIndex(i - 1, count)), [count]);

  return { index, next, previous, goTo };
}
