import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useHiddenWhileScrolling } from '@/features/landing/hooks/use-hidden-while-scrolling';

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('useHiddenWhileScrolling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollY = 0;
  });

  afterEach(() => {
    vi.useRealTimers();
    window.scrollY = 0;
  });

  it('is shown at the top of the page', () => {
    const { result } = renderHook(() => useHiddenWhileScrolling());
    expect(result.current).toBe(false);
  });

  it('stays shown while scrolling within the first 100 px', () => {
    const { result } = renderHook(() => useHiddenWhileScrolling());
    scrollTo(60);
    scrollTo(100);
    expect(result.current).toBe(false);
  });

  it('hides below 100 px and shows again 1 s after scrolling stops', () => {
    const { result } = renderHook(() => useHiddenWhileScrolling());

    scrollTo(101);
    expect(result.current).toBe(true);

    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('waits for scrolling to stop: each scroll event restarts the second', () => {
    const { result } = renderHook(() => useHiddenWhileScrolling());

    scrollTo(200);
    act(() => vi.advanceTimersByTime(800));
    scrollTo(400);
    act(() => vi.advanceTimersByTime(800));
    scrollTo(600);
    act(() => vi.advanceTimersByTime(800));
    expect(result.current).toBe(true);

    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(false);
  });

  it('shows at once when the page is scrolled back to the top', () => {
    const { result } = renderHook(() => useHiddenWhileScrolling());
    scrollTo(500);
    expect(result.current).toBe(true);

    scrollTo(0);
    expect(result.current).toBe(false);
    // The pending timer was dropped: nothing changes later.
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(false);
  });

  it('stops listening when unmounted', () => {
    const { result, unmount } = renderHook(() => useHiddenWhileScrolling());
    unmount();
    scrollTo(500);
    expect(result.current).toBe(false);
  });
});
