import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** One reason the reading gives for itself (docs/api/readings.md): what the day's chart says and why. */
export type FortuneReason = ApiSchema<'ReasonBody'>;

/** GET /api/fortune/daily (spec §3 daily fortune response; docs/api/readings.md "Daily reading"). */
export type DailyReading = ApiSchema<'DailyBody'>;

/** The browser's offset from UTC in minutes, as the gateway wants it (Japan: -540). */
export function localTimezoneOffset(): number {
  return new Date().getTimezoneOffset();
}

export function dailyFortuneKey(timezoneOffset: number) {
  return apiPaths.fortune.daily(timezoneOffset);
}

export function getDailyFortune(timezoneOffset: number): Promise<DailyReading> {
  return api.get(dailyFortuneKey(timezoneOffset));
}

/**
 * Today's reading, asked for only when `enabled` (a signed-in person whose chart is ready). swr's
 * defaults apply: fresh for 5 minutes, no retry (spec §4, §7).
 */
export function useDailyFortune(timezoneOffset: number, enabled: boolean) {
  return useSWR<DailyReading>(enabled ? dailyFortuneKey(timezoneOffset) : null, () => getDailyFortune(timezoneOffset));
}
