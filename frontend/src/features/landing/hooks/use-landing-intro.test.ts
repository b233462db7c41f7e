import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { LANDING_ANIMATION_FLAG } from '@/config/constants';
import { introTimeline, useLandingIntro } from '@/features/landing/hooks/use-landing-intro';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const flag = () => localStorage.getItem(LANDING_ANIMATION_FLAG);

describe('introTimeline', () => {
  it('is four 2 s phases, a 0.5 s fade and a 300 ms pause', () => {
    expect(introTimeline(false)).toEqual({ phaseMs: [2000, 2000, 2000, 2000], fadeMs: 500, heroDelayMs: 300 });
  });

  it('is much shorter, without fade or pause, for reduced motion', () => {
    const reduced = introTimeline(true);
    expect(reduced.phaseMs).toHaveLength(4);
    expect(reduced.phaseMs.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2400);
    expect(reduced.fadeMs).toBe(0);
    expect(reduced.heroDelayMs).toBe(0);
  });
});

describe('useLandingIntro', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });

  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('plays four 2 s phases, fades for 0.5 s, and shows the hero 300 ms later', () => {
    const { result } = renderHook(() => useLandingIntro({ reducedMotion: false }));

    for (const phase of [0, 1, 2, 3]) {
      expect(result.current.phase).toBe(phase);
      expect(result.current.overlay).toBe(true);
      advance(1999);
      expect(result.current.phase).toBe(phase);
      advance(1);
    }

    expect(result.current).toMatchObject({ phase: null, fading: true, overlay: true, heroVisible: false });
    expect(flag()).toBeNull();

    advance(500);
    expect(result.current).toMatchObject({ fading: false, overlay: false, heroVisible: false });
    expect(flag()).toBe('true');

    advance(299);
    expect(result.current.heroVisible).toBe(false);
    advance(1);
    expect(result.current.heroVisible).toBe(true);
  });

  it('does not play again once the flag is set', () => {
    localStorage.setItem(LANDING_ANIMATION_FLAG, 'true');
    const { result } = renderHook(() => useLandingIntro({ reducedMotion: false }));

    expect(result.current).toMatchObject({ phase: null, overlay: false, heroVisible: true });
  });

  it('fades out at once when skipped, sets the flag, and shows the hero after the fade and the pause', () => {
    const { result } = renderHook(() => useLandingIntro({ reducedMotion: false }));
    advance(2500);
    expect(result.current.phase).toBe(1);

    act(() => result.current.skip());

    expect(flag()).toBe('true');
    expect(result.current).toMatchObject({ phase: null, fading: true, overlay: true, skipped: true });
    advance(500);
    expect(result.current.overlay).toBe(false);
    advance(300);
    expect(result.current.heroVisible).toBe(true);
  });

  it('runs through quickly for reduced motion', () => {
    const { result } = renderHook(() => useLandingIntro({ reducedMotion: true }));
    expect(result.current.phase).toBe(0);

    advance(600);
    expect(result.current.phase).toBe(1);
    advance(600);
    advance(600);
    expect(result.current.phase).toBe(3);
    advance(600);

    expect(result.current).toMatchObject({ overlay: false, heroVisible: true });
    expect(flag()).toBe('true');
  });
});
