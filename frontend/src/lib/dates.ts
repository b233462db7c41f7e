/**
 * Dates as the app writes them (spec §9: Japanese and English (US) locales, weeks start on Sunday).
 * Every date on screen goes through here, so one day reads the same everywhere: 1990年5月15日 in
 * Japanese, May 15, 1990 in English. The app speaks Japanese; `en-US` is the other locale the spec names.
 */

export type DateLocale = 'ja' | 'en-US';

export const DEFAULT_DATE_LOCALE: DateLocale = 'ja';

/** Weeks start on Sunday (numbered as `Date#getDay` does: 0 = Sunday). */
export const WEEK_STARTS_ON = 0;

/**
 * - `date`: 1990年5月15日 / May 15, 1990
 * - `dateWeekday`: 2025年11月21日(金) / Fri, November 21, 2025
 * - `monthDayWeekday`: 11月22日(日) / Sun, November 22
 * - `yearMonth`: 2031年4月 / April 2031
 * - `year`: 2031年 / 2031
 * - `dateTime`: 2026年11月26日 18:05 / November 26, 2026 at 18:05 (24-hour clock)
 */
export type DateStyle = 'date' | 'dateWeekday' | 'monthDayWeekday' | 'yearMonth' | 'year' | 'dateTime';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'long', day: 'numeric' },
  dateWeekday: { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' },
  monthDayWeekday: { month: 'long', day: 'numeric', weekday: 'short' },
  yearMonth: { year: 'numeric', month: 'long' },
  year: { year: 'numeric' },
  dateTime: { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale, options and time zone (building one is not free), always in the Gregorian
 * calendar (no Japanese era names); no zone is the device's, 'UTC' for calendar dates, which are built as
 * UTC midnights.
 */
function formatter(locale: DateLocale, options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, calendar: 'gregory', timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** A moment (such as now) as its local calendar day, in `style`. */
export function formatDate(date: Date, style: DateStyle, locale: DateLocale = DEFAULT_DATE_LOCALE): string {
  return formatter(locale, STYLES[style]).format(date);
}

/** The service's own time zone: a deadline the service sets (a mailed link's expiry) is a day in Japan. */
export const JAPAN_TIME_ZONE = 'Asia/Tokyo';

/** A moment as its calendar day in Japan, whatever the device's zone, in `style`. */
export function formatDateInJapan(date: Date, style: DateStyle, locale: DateLocale = DEFAULT_DATE_LOCALE): string {
  return formatter(locale, STYLES[style], JAPAN_TIME_ZONE).format(date);
}

function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year); // Date.UTC reads years 0-99 as 1900-1999.
  return date;
}

/**
 * A calendar date as the API sends it — `1990-05-15`, `2031-04` or `2031` — written out: 1990年5月15日,
 * 2031年4月, 2031年. It is a day, not a moment, so no time zone can move it. Anything else (including an
 * impossible day such as 2月30日) is returned as it came, so an unexpected value still reads as something.
 */
export function formatCalendarDate(value: string, locale: DateLocale = DEFAULT_DATE_LOCALE): string {
  const match = /^(\d{4})(?:-(\d\d?)(?:-(\d\d?))?)?$/.exec(value.trim());
  if (!match) return value;
  const [, year, month = '1', day = '1'] = match;
  const date = utcDate(Number(year), Number(month), Number(day));
  // An impossible day (2月30日) would have rolled over into the next month.
  if (date.getUTCMonth() + 1 !== Number(month) || date.getUTCDate() !== Number(day)) return value;
  return formatter(locale, STYLES[match[3] ? 'date' : match[2] ? 'yearMonth' : 'year'], 'UTC').format(date);
}

/**
 * An API day (`2026-11-29`) as a chart's axis writes it, short: 11/29 (en-US the same). Like
 * `formatCalendarDate` it is a day, never shifted by a time zone; anything else is returned as it came.
 */
export function formatShortCalendarDate(value: string, locale: DateLocale = DEFAULT_DATE_LOCALE): string {
  const match = /^(\d{4})-(\d\d?)-(\d\d?)$/.exec(value.trim());
  if (!match) return value;
  const [, year, month, day] = match.map(Number);
  const date = utcDate(year ?? 0, month ?? 0, day ?? 0);
  if (date.getUTCMonth() + 1 !== month || date.getUTCDate() !== day) return value;
  return formatter(locale, { month: 'numeric', day: 'numeric' }, 'UTC').format(date);
}

/**
 * A local date and time as the API sends it — `1990-05-15T14:59:07` or `1990-05-15 14:59:07` — with the
 * date written out and the 24-hour time as it came: 1990年5月15日 14:59:07. Anything else is returned as is.
 */
export function formatLocalDateTime(stamp: string, locale: DateLocale = DEFAULT_DATE_LOCALE): string {
  const match = /^(\d{4}-\d{1,2}-\d{1,2})[T ](\d{1,2}:\d{2}(?::\d{2})?)$/.exec(stamp.trim());
  if (!match) return stamp;
  const [, date = '', time = ''] = match;
  return `${formatCalendarDate(date, locale)} ${time}`;
}

/** The label of one choice in the year, month and day selects: 1990年, 5月, 15日 (en-US: 1990, May, 15). */
export function datePartLabel(part: 'year' | 'month' | 'day', value: number, locale: DateLocale = DEFAULT_DATE_LOCALE): string {
  const date = part === 'year' ? utcDate(value, 1, 1) : part === 'month' ? utcDate(2000, value, 1) : utcDate(2000, 1, value);
  return formatter(locale, { [part]: part === 'month' ? 'long' : 'numeric' }, 'UTC').format(date);
}

/** The weekday names in a week's order, Sunday first: 日 月 火 水 木 金 土 / Sun Mon … Sat. */
export function weekdayNames(locale: DateLocale = DEFAULT_DATE_LOCALE, width: 'narrow' | 'short' | 'long' = 'short'): string[] {
  // 2000-01-02 was a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    formatter(locale, { weekday: width }, 'UTC').format(utcDate(2000, 1, 2 + ((WEEK_STARTS_ON + i) % 7))),
  );
}

/** The first day (local midnight) of the week `date` falls in: the Sunday on or before it. */
export function startOfWeek(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  start.setDate(start.getDate() - ((start.getDay() - WEEK_STARTS_ON + 7) % 7));
  return start;
}

/** A calendar date in the browser's time zone as `YYYY-MM-DD` (what the API's dates are compared with). */
export function localIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
