import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { FriendsAnswer, MentionableFriend } from '@/features/diary/api/types';
import { api } from '@/lib/api-client';

/** The friends screen's own key and answer, so the two share one cached list. */
export function friendsKey() {
  return apiPaths.friends.list;
}

export function getFriends(): Promise<FriendsAnswer> {
  return api.get(friendsKey());
}

/**
 * The accepted friends a diary may mention (GET /api/friends; requests are not friends), read only once
 * the picker opens (`enabled`).
 */
export function useMentionableFriends(enabled: boolean): {
  friends: MentionableFriend[] | undefined;
  error: unknown;
  retry: () => void;
} {
  const result = useSWR<FriendsAnswer>(enabled ? friendsKey() : null, getFriends);
  return { friends: result.data?.friends, error: result.error, retry: () => void result.mutate() };
}
