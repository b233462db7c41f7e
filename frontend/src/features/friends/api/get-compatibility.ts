import useSWR from 'swr';

import { COMPATIBILITY_POLL_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import type { Compatibility } from '@/features/friends/api/types';
import { api } from '@/lib/api-client';
import { usePollWhile } from '@/lib/use-poll-while';

export function compatibilityKey(userId: string) {
  return apiPaths.friends.compatibility(userId);
}

/** Whether an swr key is a compatibility page's. */
export function isCompatibilityKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(`${apiPaths.friends.list}/`) && key.endsWith('/compatibility');
}

/** GET /api/friends/{userId}/compatibility: 404 FRIEND_NOT_FOUND unless the two are friends. */
export function getCompatibility(userId: string): Promise<Compatibility> {
  return api.get<'/api/friends/{userId}/compatibility'>(compatibilityKey(userId));
}

/** One friend's compatibility, asked for again every few seconds while it is still being worked out. */
export function useCompatibility(userId: string) {
  const result = useSWR<Compatibility>(compatibilityKey(userId), () => getCompatibility(userId));
  usePollWhile(result.data?.status === 'pending' && !result.error, result.mutate, COMPATIBILITY_POLL_MS);
  return result;
}
