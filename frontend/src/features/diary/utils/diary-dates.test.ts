import { describe, expect, it } from 'vitest';

import {
  addDays,
  addMonths,
  deliveryRange,
  isDeliveryDay,
  isEntryDay,
  isIsoDay,
  timezoneOffset,
  today,
} from '@/features/diary/utils/diary-dates';

describe('diary dates', () => {
  it('knows real YYYY-MM-DD days only', () => {
    expect(isIsoDay('2026-11-22')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('2026-1-01')).toBe(false);
    expect(isIsoDay('')).toBe(false);
  });

  it('counts days on the calendar, across months and years', () => {
    expect(addDays('2026-11-22', 1)).toBe('2026-11-23');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('nonsense', 1)).toBe('nonsense');
  });

  it("moves by months and stays on a shorter month's last day, as chrono's checked_add_months", () => {
    expect(addMonths('2026-11-22', 120)).toBe('2036-11-22');
    expect(addMonths('2028-02-29', 120)).toBe('2038-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('delivers a letter from tomorrow up to 10 years ahead', () => {
    expect(deliveryRange('2026-11-22')).toEqual({ min: '2026-11-23', max: '2036-11-22' });
    expect(isDeliveryDay('2026-11-22', '2026-11-22')).toBe(false);
    expect(isDeliveryDay('2026-11-23', '2026-11-22')).toBe(true);
    expect(isDeliveryDay('2036-11-22', '2026-11-22')).toBe(true);
    expect(isDeliveryDay('2036-11-23', '2026-11-22')).toBe(false);
    expect(isDeliveryDay('', '2026-11-22')).toBe(false);
  });

  it('takes a plain entry of any day up to today', () => {
    expect(isEntryDay('2026-11-22', '2026-11-22')).toBe(true);
    expect(isEntryDay('2020-01-01', '2026-11-22')).toBe(true);
    expect(isEntryDay('2026-11-23', '2026-11-22')).toBe(false);
  });

  it("reads today and the offset from the browser's zone", () => {
    const now = new Date(2026, 10, 22, 23, 59);
    expect(today(now)).toBe('2026-11-22');
    expect(timezoneOffset(now)).toBe(now.getTimezoneOffset());
  });
});
