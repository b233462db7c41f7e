import { describe, expect, it } from 'vitest';

import { formatRemaining } from '@/features/admin/utils/session-time';

describe("the session's time left", () => {
  it('reads in whole minutes, to the nearest, then in seconds for the last minute', () => {
    expect(formatRemaining(15 * 60_000 + 400)).toBe('15分');
    expect(formatRemaining(15 * 60_000 - 400)).toBe('15分');
    expect(formatRemaining(11 * 60_000 + 31_000)).toBe('12分');
    expect(formatRemaining(60_000)).toBe('1分');
    expect(formatRemaining(59_001)).toBe('60秒');
    expect(formatRemaining(1)).toBe('1秒');
    expect(formatRemaining(-5)).toBe('0秒');
  });
});
