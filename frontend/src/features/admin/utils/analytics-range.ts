/**
 * The period the dashboard's charts cover: Japan days `YYYY-MM-DD`, both ends inclusive, as GET
 * /api/admin/analytics takes them. The days are Japan's whatever the device's zone: Japan is UTC+9 all year
 * (no summer time), so today in Japan is the UTC date of now + 9 hours. The default is the last 30 whole days,
 * ending yesterday (today is still being counted).
 */
import { isIsoDay } from '@/features/admin/utils/audit-filters';

export type AnalyticsRange = { from: string; to: string };

/** Japan's offset from UTC, the same all year. */
const JAPAN_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** The gateway's limit (400 INVALID_ANALYTICS_RANGE beyond it). */
export const MAX_RANGE_DAYS = 366;

/** The range the charts open with: 30 days ending yesterday. */
export const DEFAULT_RANGE_DAYS = 30;

/** The preset buttons: the last n whole days, ending yesterday. */
export const RANGE_PRESETS: readonly { label: string; days: number }[] = [
  { label: '7日', days: 7 },
  { label: '30日', days: 30 },
  { label: '90日', days: 90 },
  { label: '1年', days: 365 },
];

/** The Japan day (`YYYY-MM-DD`) of a moment (ms since the epoch). */
export function japanDay(now: number): string {
  return new Date(now + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `count` days after `day` (before, for a negative count). */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** How many days `from`–`to` spans, both ends counted (0 when it runs backwards). */
export function daysInRange({ from, to }: AnalyticsRange): number {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  return Math.max(days, 0);
}

/** The last `days` whole Japan days before today in Japan: 30 at 2026-11-30 → 2026-10-31 to 2026-11-29. */
export function lastDays(days: number, now: number): AnalyticsRange {
  const to = addDays(japanDay(now), -1);
  return { from: addDays(to, -(days - 1)), to };
}

/** The range the charts open with (`DEFAULT_RANGE_DAYS`, ending yesterday in Japan). */
export function defaultRange(now: number): AnalyticsRange {
  return lastDays(DEFAULT_RANGE_DAYS, now);
}

/** The preset (its number of days) that `range` is at `now`, or null when it is none of them. */
export function presetOf(range: AnalyticsRange, now: number): number | null {
  const preset = RANGE_PRESETS.find(({ days }) => {
    const candidate = lastDays(days, now);
    return candidate.from === range.from && candidate.to === range.to;
  });
  return preset?.days ?? null;
}

/**
 * What is wrong with a range the date inputs hold, as the field says it, or null when the gateway takes it:
 * both days whole, the end not before the start, at most `MAX_RANGE_DAYS` days.
 */
export function rangeProblem(range: { from: string; to: string }): string | null {
  if (!isIsoDay(range.from) || !isIsoDay(range.to)) return '開始日と終了日を入力してください';
  if (range.from > range.to) return '終了日は開始日以降にしてください';
  if (daysInRange(range) > MAX_RANGE_DAYS) return `期間は${MAX_RANGE_DAYS}日以内にしてください`;
  return null;
}
