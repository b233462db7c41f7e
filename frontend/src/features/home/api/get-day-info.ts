import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** One badge of the day (spec §3 day-info item): an almanac mark such as 天赦日 with what it means. */
export type DayInfo = ApiSchema<'DayInfoBody'>;

export function dayInfoKey(timezoneOffset: number) {
  return apiPaths.dayInfo(timezoneOffset);
}

/** GET /api/day-info, most notable first. The offset makes "today" the same day the reading is for. */
export function getDayInfo(timezoneOffset: number): Promise<DayInfo[]> {
  return api.get(dayInfoKey(timezoneOffset));
}

export function useDayInfo(timezoneOffset: number) {
  return useSWR<DayInfo[]>(dayInfoKey(timezoneOffset), () => getDayInfo(timezoneOffset));
}
