import { describe, expect, it } from 'vitest';

import { formatJapaneseDate, localIsoDate } from '@/lib/local-date';

describe('localIsoDate', () => {
  it('gives the local calendar date, zero-padded', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('formatJapaneseDate', () => {
  it('writes years, months and days the Japanese way', () => {
    expect(formatJapaneseDate('1990-05-15')).toBe('1990年5月15日');
    expect(formatJapaneseDate('2031-04')).toBe('2031年4月');
    expect(formatJapaneseDate('2031')).toBe('2031年');
  });

  it('leaves anything else as it came', () => {
    expect(formatJapaneseDate('来年の春')).toBe('来年の春');
  });
});
