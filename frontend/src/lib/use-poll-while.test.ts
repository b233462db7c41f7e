import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { usePollWhile } from '@/lib/use-poll-while';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('usePollWhile', () => {
  it('calls every interval while active and stops when it turns inactive', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const { rerender } = renderHook(({ active }) => usePollWhile(active, refresh, 3000), { initialProps: { active: true } });

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(refresh).toHaveBeenCalledTimes(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(refresh).toHaveBeenCalledTimes(2);

    rerender({ active: false });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('waits for a slow call to settle before timing the next one, and survives a failed call', async () => {
    let settle: () => void = () => {};
    const refresh = vi
      .fn<() => Promise<unknown>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (settle = resolve)))
      .mockImplementationOnce(() => Promise.reject(new Error('offline')))
      .mockImplementation(() => Promise.resolve());
    renderHook(() => usePollWhile(true, refresh, 1000));

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(refresh).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(refresh).toHaveBeenCalledTimes(1);

    settle();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(refresh).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('stops on unmount', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const { unmount } = renderHook(() => usePollWhile(true, refresh, 1000));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(refresh).not.toHaveBeenCalled();
  });
});
