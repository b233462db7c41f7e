import useSWR from 'swr';

import { FRIEND_SEARCH_LIMIT } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import type { MemberSearch } from '@/features/friends/api/types';
import { api } from '@/lib/api-client';

export function memberSearchKey(query: string) {
  return apiPaths.friends.search(query, FRIEND_SEARCH_LIMIT);
}

/** Whether an swr key is one of the search's (every query's answer changes when a state does). */
export function isMemberSearchKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(`${apiPaths.friends.list}/search?`);
}

/** GET /api/friends/search: members whose username starts with `query` (NFKC, any case). */
export function searchMembers(query: string): Promise<MemberSearch> {
  return api.get(memberSearchKey(query));
}

/**
 * The search for an already debounced, trimmed query; nothing is asked for an empty one. The previous
 * answer stays on screen while the next query loads, so the list does not flicker as one types.
 */
export function useMemberSearch(query: string) {
  return useSWR<MemberSearch>(query === '' ? null : memberSearchKey(query), () => searchMembers(query), {
    keepPreviousData: true,
  });
}
