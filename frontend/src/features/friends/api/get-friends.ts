import useSWR from 'swr';

import { COMPATIBILITY_POLL_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import type { FriendsOverview } from '@/features/friends/api/types';
import { api } from '@/lib/api-client';
import { usePollWhile } from '@/lib/use-poll-while';

export function friendsKey() {
  return apiPaths.friends.list;
}

/** GET /api/friends: friends with their score, incoming and outgoing requests. */
export function getFriends(): Promise<FriendsOverview> {
  return api.get(friendsKey());
}

/**
 * The caller's friends and requests. While a friend's compatibility is still being worked out (status
 * pending, e.g. right after accepting) the list is asked for again every few seconds, so the score
 * appears without a reload.
 */
export function useFriends() {
  const result = useSWR<FriendsOverview>(friendsKey(), getFriends);
  const computing = result.data?.friends.some((friend) => friend.compatibilityStatus === 'pending') ?? false;
  usePollWhile(computing && !result.error, result.mutate, COMPATIBILITY_POLL_MS);
  return result;
}
