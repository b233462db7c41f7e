import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** One reason the reading gives for itself (docs/api/readings.md): what the day's chart says and why. */
export type FortuneReason = {
  kind: string;
  label: string;
  detail: string;
  /** True when the fact rests on the 12:00 assumed for an unknown birth time: shown as 参考. */
  hourDependent: boolean;
};

export type Pillar = {
  heavenlyStem: string;
  earthlyBranch: string;
};

/** GET /api/fortune/daily (spec §3 daily fortune response; docs/api/readings.md "Daily reading"). */
export type DailyReading = {
  /** The person's local date, YYYY-MM-DD. */
  date: string;
  /** One or two lines joined by '|'. */
  fortune: string;
  dos: string[];
  donts: string[];
  reasons: FortuneReason[];
  dayPillar: Pillar | null;
  /** Hex SHA-256 of the reading: the `fortuneContentHash` of a rating. */
  contentHash: string;
  engine: string;
  generatedAt: string;
};

/** The browser's offset from UTC in minutes, as the gateway wants it (Japan: -540). */
export function localTimezoneOffset(): number {
  return new Date().getTimezoneOffset();
}

export function dailyFortuneKey(timezoneOffset: number): string {
  return apiPaths.fortune.daily(timezoneOffset);
}

export function getDailyFortune(timezoneOffset: number): Promise<DailyReading> {
  return api.get<DailyReading>(dailyFortuneKey(timezoneOffset));
}

/**
 * Today's reading, asked for only when `enabled` (a signed-in person whose chart is ready). swr's
 * defaults apply: fresh for 5 minutes, no retry (spec §4, §7).
 */
export function useDailyFortune(timezoneOffset: number, enabled: boolean) {
  return useSWR<DailyReading>(enabled ? dailyFortuneKey(timezoneOffset) : null, () => getDailyFortune(timezoneOffset));
}
