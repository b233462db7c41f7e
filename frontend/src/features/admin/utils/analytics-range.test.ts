import { describe, expect, it } from 'vitest';

import {
  addDays,
  daysInRange,
  defaultRange,
  japanDay,
  lastDays,
  MAX_RANGE_DAYS,
  presetOf,
  rangeProblem,
  RANGE_PRESETS,
} from '@/features/admin/utils/analytics-range';

/** 2026-11-29 15:30 UTC: already 00:30 on the 30th in Japan. */
const LATE_UTC = Date.parse('2026-11-29T15:30:00Z');

describe("the charts' period in Japan days", () => {
  it('takes the day in Japan (UTC+9), not the UTC or device day', () => {
    expect(japanDay(LATE_UTC)).toBe('2026-11-30');
    expect(japanDay(Date.parse('2026-11-29T14:59:59Z'))).toBe('2026-11-29');
    expect(japanDay(Date.parse('2026-11-29T15:00:00Z'))).toBe('2026-11-30');
    // New Year in Japan comes at 15:00 UTC on 31 December.
    expect(japanDay(Date.parse('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('opens on the last 30 days ending yesterday in Japan', () => {
    expect(defaultRange(LATE_UTC)).toEqual({ from: '2026-10-31', to: '2026-11-29' });
    expect(daysInRange(defaultRange(LATE_UTC))).toBe(30);
    // Earlier the same UTC day it is still the 29th in Japan.
    expect(defaultRange(Date.parse('2026-11-29T10:00:00Z'))).toEqual({ from: '2026-10-30', to: '2026-11-28' });
  });

  it('gives each preset its days ending yesterday, a year being 365 days', () => {
    expect(RANGE_PRESETS.map(({ label }) => label)).toEqual(['7日', '30日', '90日', '1年']);
    expect(lastDays(7, LATE_UTC)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(lastDays(90, LATE_UTC)).toEqual({ from: '2026-09-01', to: '2026-11-29' });
    expect(lastDays(365, LATE_UTC)).toEqual({ from: '2025-11-30', to: '2026-11-29' });
    expect(lastDays(1, LATE_UTC)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
  });

  it('tells which preset a period is, if any', () => {
    expect(presetOf({ from: '2026-11-23', to: '2026-11-29' }, LATE_UTC)).toBe(7);
    expect(presetOf({ from: '2026-10-31', to: '2026-11-29' }, LATE_UTC)).toBe(30);
    expect(presetOf({ from: '2026-10-31', to: '2026-11-28' }, LATE_UTC)).toBeNull();
  });

  it('counts days across month ends, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(daysInRange({ from: '2026-11-29', to: '2026-11-29' })).toBe(1);
    expect(daysInRange({ from: '2027-03-01', to: '2028-02-29' })).toBe(366);
    expect(daysInRange({ from: '2026-11-30', to: '2026-11-29' })).toBe(0);
  });

  it('accepts a period the gateway takes and says what is wrong with any other', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-30' })).toBeNull();
    expect(rangeProblem({ from: '2026-11-30', to: '2026-11-30' })).toBeNull();
    expect(rangeProblem({ from: '2025-11-29', to: '2026-11-29' })).toBeNull();
    expect(MAX_RANGE_DAYS).toBe(366);
    expect(rangeProblem({ from: '2025-11-28', to: '2026-11-29' })).toBe('期間は366日以内にしてください');
    expect(rangeProblem({ from: '2026-12-01', to: '2026-11-30' })).toBe('終了日は開始日以降にしてください');
    expect(rangeProblem({ from: '', to: '2026-11-30' })).toBe('開始日と終了日を入力してください');
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe('開始日と終了日を入力してください');
  });
});
