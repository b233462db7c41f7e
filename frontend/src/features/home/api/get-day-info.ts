import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** One badge of the day (spec §3 day-info item): an almanac mark such as 天赦日 with what it means. */
export type DayInfo = {
  id: string;
  name: string;
  description: string;
  type: string;
};

export function dayInfoKey(timezoneOffset: number): string {
  return apiPaths.dayInfo(timezoneOffset);
}

/** GET /api/day-info, most notable first. The offset makes "today" the same day the reading is for. */
export function getDayInfo(timezoneOffset: number): Promise<DayInfo[]> {
  return api.get<DayInfo[]>(dayInfoKey(timezoneOffset));
}

export function useDayInfo(timezoneOffset: number) {
  return useSWR<DayInfo[]>(dayInfoKey(timezoneOffset), () => getDayInfo(timezoneOffset));
}
