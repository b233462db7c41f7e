/**
 * Birth date and time as the select fields hold them (strings, '' for "not chosen"), and conversions
 * to and from the wire formats of spec §3 (YYYY-MM-DD, HH:MM).
 */
import { formatBirthDate, formatBirthTime } from '@/lib/birth-data';

/** Year '1990', month '5', day '15' (unpadded, as the options' values). */
export type DateParts = { year: string; month: string; day: string };
/** Hour '07', minute '05' (zero-padded, as the options' values). */
export type TimeParts = { hour: string; minute: string };

export const EMPTY_DATE: DateParts = Object.freeze({ year: '', month: '', day: '' });
export const EMPTY_TIME: TimeParts = Object.freeze({ hour: '', minute: '' });

export function isDateComplete(parts: DateParts): boolean {
  return parts.year !== '' && parts.month !== '' && parts.day !== '';
}

/** YYYY-MM-DD, or null while a part is missing. */
export function datePartsToString(parts: DateParts): string | null {
  if (!isDateComplete(parts)) return null;
  return formatBirthDate(Number(parts.year), Number(parts.month), Number(parts.day));
}

/** HH:MM; no hour means the default noon, an hour without minutes its start (see `formatBirthTime`). */
export function timePartsToString(parts: TimeParts): string {
  return formatBirthTime(parts.hour === '' ? null : Number(parts.hour), parts.minute === '' ? null : Number(parts.minute));
}

/**
 * The birth time as signup and settings send it: HH:MM, or '' when no hour was chosen — the time is
 * unknown, and the server uses 12:00 for it while keeping that it was not given.
 */
export function timePartsToInput(parts: TimeParts): string {
  return parts.hour === '' ? '' : timePartsToString(parts);
}

/** The select values of a YYYY-MM-DD date; anything else gives empty selects. */
export function dateStringToParts(value: string | null | undefined): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return EMPTY_DATE;
  const [, year = '', month = '', day = ''] = match;
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > 31) return EMPTY_DATE;
  return { year: String(Number(year)), month: String(m), day: String(d) };
}

/** The select values of an HH:MM time; anything else gives empty selects. */
export function timeStringToParts(value: string | null | undefined): TimeParts {
  const match = /^(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!match) return EMPTY_TIME;
  const [, hour = '', minute = ''] = match;
  if (Number(hour) > 23 || Number(minute) > 59) return EMPTY_TIME;
  return { hour, minute };
}
