import useSWR from 'swr';

import { apiPaths } from '@/config/paths';

export function fortuneBadgesKey(): string {
  return apiPaths.fortune.badges;
}

/**
 * GET /api/fortune/badges: spec §7 has home fetch it and leave the answer unused. It goes through the
 * default fetcher once (fresh 5 minutes, no retry), and nothing reads `data`, so its arrival does not
 * re-render the screen (swr only re-renders for the fields a component reads).
 */
export function useFortuneBadgesPrefetch(enabled: boolean): void {
  useSWR<unknown>(enabled ? fortuneBadgesKey() : null);
}
