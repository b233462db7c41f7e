import { describe, expect, it } from 'vitest';

import { typingTimes } from '@/features/onboarding/utils/typing';

describe('typingTimes', () => {
  it('shows the first character after the start delay and each next one a step later', () => {
    expect(typingTimes('あいう', { charMs: 30, startDelayMs: 300 })).toEqual([300, 330, 360]);
  });

  it('pauses at a blank-line break before the next paragraph', () => {
    // a b \n \n | 2 s | c d
    expect(typingTimes('ab\n\ncd', { charMs: 50, startDelayMs: 500, breakPauseMs: 2000 })).toEqual([
      500, 550, 600, 650, 2650, 2700,
    ]);
  });

  it('does not pause at a single line break', () => {
    expect(typingTimes('a\nb', { charMs: 50, startDelayMs: 500, breakPauseMs: 2000 })).toEqual([500, 550, 600]);
  });

  it('has nothing to type for an empty text', () => {
    expect(typingTimes('', { charMs: 50, startDelayMs: 500 })).toEqual([]);
  });
});
