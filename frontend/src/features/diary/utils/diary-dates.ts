/**
 * Calendar arithmetic on the API's `YYYY-MM-DD` days, as social does it (chrono's `NaiveDate`): days are
 * counted on the calendar, never through a time zone, and a month step that lands past a month's end
 * stays on its last day (2028-02-29 + 10 years = 2038-02-28).
 */
import { LETTER_MAX_YEARS_AHEAD } from '@/config/constants';
import { localIsoDate } from '@/lib/dates';

// Four-digit years from 1000 on: Date.UTC reads the years 0-99 as 1900-1999, and no diary day is that old.
const DAY = /^([1-9]\d{3})-(\d{2})-(\d{2})$/;

/** The day as a UTC midnight, or null when it is not a real `YYYY-MM-DD` day. */
function utcMidnight(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, date));
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === date ? at : null;
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whether `day` is a real calendar day written `YYYY-MM-DD`. */
export function isIsoDay(day: string): boolean {
  return utcMidnight(day) !== null;
}

/** `day` moved by `days` (negative: back). An invalid day is returned as it came. */
export function addDays(day: string, days: number): string {
  const at = utcMidnight(day);
  return at ? format(new Date(at.getTime() + days * 86_400_000)) : day;
}

/** `day` moved by whole months, staying on the month's last day when the target month is shorter. */
export function addMonths(day: string, months: number): string {
  const at = utcMidnight(day);
  if (!at) return day;
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + months;
  // Day 0 of the following month is the last day of the target month.
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(year, month, Math.min(at.getUTCDate(), last))));
}

/** Today in the browser's time zone, the zone whose offset the app sends (`timezoneOffset`). */
export function today(now: Date = new Date()): string {
  return localIsoDate(now);
}

/** The offset the app sends with the diary's dates: `Date#getTimezoneOffset` (Japan: -540). */
export function timezoneOffset(now: Date = new Date()): number {
  return now.getTimezoneOffset();
}

/** The days a letter may be delivered on, written on `todayIso`: tomorrow up to 10 years ahead. */
export function deliveryRange(todayIso: string): { min: string; max: string } {
  return { min: addDays(todayIso, 1), max: addMonths(todayIso, LETTER_MAX_YEARS_AHEAD * 12) };
}

/** Whether `day` is a delivery day a letter written on `todayIso` may have. */
export function isDeliveryDay(day: string, todayIso: string): boolean {
  const { min, max } = deliveryRange(todayIso);
  return isIsoDay(day) && day >= min && day <= max;
}

/** Whether `day` may be a plain entry's date: a real day, not after today. */
export function isEntryDay(day: string, todayIso: string): boolean {
  return isIsoDay(day) && day <= todayIso;
}
