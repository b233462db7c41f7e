import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useRotation, wrapIndex } from '@/features/about/hooks/use-rotation';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('wrapIndex', () => {
  it.each([
    [0, 0],
    [3, 3],
    [4, 0],
    [-1, 3],
    [9, 1],
  ])('wraps %i into 0..3 as %i', (index, wrapped) => {
    expect(wrapIndex(index, 4)).toBe(wrapped);
  });
});

describe('useRotation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves on every interval and loops after the last item', () => {
    const { result } = renderHook(() => useRotation({ count: 4, intervalMs: 5000, paused: false }));
    const seen = [result.current.index];
    for (let i = 0; i < 4; i++) {
      advance(4999);
      expect(result.current.index).toBe(seen[seen.length - 1]);
      advance(1);
      seen.push(result.current.index);
    }
    expect(seen).toEqual([0, 1, 2, 3, 0]);
  });

  it('stands still while paused and resumes afterwards', () => {
    const { result, rerender } = renderHook(({ paused }) => useRotation({ count: 4, intervalMs: 5000, paused }), {
      initialProps: { paused: true },
    });
    advance(20_000);
    expect(result.current.index).toBe(0);

    rerender({ paused: false });
    advance(5000);
    expect(result.current.index).toBe(1);
  });

  it('steps by hand in both directions, looping, and restarts the wait', () => {
    const { result } = renderHook(() => useRotation({ count: 4, intervalMs: 5000, paused: false }));

    act(() => result.current.previous());
    expect(result.current.index).toBe(3);
    act(() => result.current.next());
    expect(result.current.index).toBe(0);

    advance(4000);
    act(() => result.current.goTo(2));
    advance(4000);
    expect(result.current.index).toBe(2);
    advance(1000);
    expect(result.current.index).toBe(3);
  });
});
