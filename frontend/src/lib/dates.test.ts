import { describe, expect, it } from 'vitest';

import {
  datePartLabel,
  formatCalendarDate,
  formatDate,
  formatDateInJapan,
  formatLocalDateTime,
  formatShortCalendarDate,
  localIsoDate,
  startOfWeek,
  weekdayNames,
  WEEK_STARTS_ON,
} from '@/lib/dates';

// 2025-11-21 was a Friday, 2026-11-22 a Sunday.
const friday = new Date(2025, 10, 21, 23, 30);
const sunday = new Date(2026, 10, 22, 0, 15);

describe('localIsoDate', () => {
  it('gives the local calendar date, zero-padded', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('formatDate (spec §9: Japanese and English (US))', () => {
  it('writes a moment as its local day, in Japanese by default', () => {
    expect(formatDate(friday, 'date')).toBe('2025年11月21日');
    expect(formatDate(friday, 'dateWeekday')).toBe('2025年11月21日(金)');
    expect(formatDate(sunday, 'monthDayWeekday')).toBe('11月22日(日)');
    expect(formatDate(friday, 'yearMonth')).toBe('2025年11月');
    expect(formatDate(friday, 'year')).toBe('2025年');
  });

  it('writes a date and time on the 24-hour clock, minutes padded', () => {
    expect(formatDate(new Date(2026, 10, 26, 9, 5), 'dateTime')).toBe('2026年11月26日 09:05');
    expect(formatDate(new Date(2026, 10, 26, 0, 30), 'dateTime')).toBe('2026年11月26日 00:30');
    expect(formatDate(new Date(2026, 10, 26, 18, 45), 'dateTime', 'en-US')).toBe('November 26, 2026 at 18:45');
  });

  it('writes the same styles in US English', () => {
    expect(formatDate(friday, 'date', 'en-US')).toBe('November 21, 2025');
    expect(formatDate(friday, 'dateWeekday', 'en-US')).toBe('Fri, November 21, 2025');
    expect(formatDate(sunday, 'monthDayWeekday', 'en-US')).toBe('Sun, November 22');
    expect(formatDate(friday, 'yearMonth', 'en-US')).toBe('November 2025');
    expect(formatDate(friday, 'year', 'en-US')).toBe('2025');
  });
});

describe('formatDateInJapan', () => {
  it("writes a moment as its day in Japan, not the device's", () => {
    // 15:30 UTC is 00:30 the next day in Tokyo (UTC+9, no summer time).
    expect(formatDateInJapan(new Date('2026-12-21T15:30:00Z'), 'date')).toBe('2026年12月22日');
    expect(formatDateInJapan(new Date('2026-12-21T14:59:59Z'), 'date')).toBe('2026年12月21日');
    expect(formatDateInJapan(new Date('2026-12-21T15:30:00Z'), 'dateTime')).toBe('2026年12月22日 00:30');
  });
});

describe('formatCalendarDate', () => {
  it('writes years, months and days the Japanese way', () => {
    expect(formatCalendarDate('1990-05-15')).toBe('1990年5月15日');
    expect(formatCalendarDate('2031-04')).toBe('2031年4月');
    expect(formatCalendarDate('2031')).toBe('2031年');
  });

  it('writes them the US way in en-US', () => {
    expect(formatCalendarDate('1990-05-15', 'en-US')).toBe('May 15, 1990');
    expect(formatCalendarDate('2031-04', 'en-US')).toBe('April 2031');
  });

  it('keeps the day whatever the time zone (a day, not a moment)', () => {
    // The first and last days of a year are the ones a UTC/local mix-up would move.
    expect(formatCalendarDate('2000-01-01')).toBe('2000年1月1日');
    expect(formatCalendarDate('1999-12-31')).toBe('1999年12月31日');
  });

  it('leaves anything else as it came, impossible days included', () => {
    expect(formatCalendarDate('来年の春')).toBe('来年の春');
    expect(formatCalendarDate('2031-02-30')).toBe('2031-02-30');
    expect(formatCalendarDate('2031-13')).toBe('2031-13');
  });
});

describe('formatShortCalendarDate (chart axes)', () => {
  it('writes an API day as month/day, never moved by the time zone', () => {
    expect(formatShortCalendarDate('2026-11-29')).toBe('11/29');
    expect(formatShortCalendarDate('2027-01-01')).toBe('1/1');
    expect(formatShortCalendarDate('2026-12-31', 'en-US')).toBe('12/31');
  });

  it('leaves anything else as it came', () => {
    expect(formatShortCalendarDate('2026-02-30')).toBe('2026-02-30');
    expect(formatShortCalendarDate('2026-11')).toBe('2026-11');
  });
});

describe('formatLocalDateTime', () => {
  it('writes the date out and keeps the 24-hour time', () => {
    expect(formatLocalDateTime('1990-05-15T14:59:07')).toBe('1990年5月15日 14:59:07');
    expect(formatLocalDateTime('1990-05-15 09:05:00')).toBe('1990年5月15日 09:05:00');
    expect(formatLocalDateTime('1990-05-15T14:59:07', 'en-US')).toBe('May 15, 1990 14:59:07');
  });

  it('leaves anything else as it came', () => {
    expect(formatLocalDateTime('不明')).toBe('不明');
  });
});

describe('datePartLabel (the date selects)', () => {
  it('labels years, months and days in Japanese', () => {
    expect(datePartLabel('year', 1990)).toBe('1990年');
    expect(datePartLabel('month', 5)).toBe('5月');
    expect(datePartLabel('day', 15)).toBe('15日');
  });

  it('labels them in US English', () => {
    expect(datePartLabel('year', 1990, 'en-US')).toBe('1990');
    expect(datePartLabel('month', 5, 'en-US')).toBe('May');
    expect(datePartLabel('day', 15, 'en-US')).toBe('15');
  });
});

describe('weeks start on Sunday (spec §9)', () => {
  it('numbers Sunday as the first day', () => {
    expect(WEEK_STARTS_ON).toBe(0);
  });

  it('names the weekdays from Sunday in both locales', () => {
    expect(weekdayNames()).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    expect(weekdayNames('en-US')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('en-US', 'long')[0]).toBe('Sunday');
  });

  it('starts a week on the Sunday on or before the day, at local midnight', () => {
    expect(startOfWeek(friday)).toEqual(new Date(2025, 10, 16));
    expect(startOfWeek(sunday)).toEqual(new Date(2026, 10, 22));
    // Across a month and a year.
    expect(startOfWeek(new Date(2026, 0, 1, 12))).toEqual(new Date(2025, 11, 28));
  });
});
