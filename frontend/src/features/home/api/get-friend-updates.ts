import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** A friend as an update names them (spec §3): the first of `friends` is the one it is about. */
export type UpdateFriend = ApiSchema<'FriendBody'>;

/** `text` is a header line followed by '-' bullet lines, or plain sentences (see utils/update-text.ts). */
export type FriendUpdate = ApiSchema<'FriendUpdateBody'>;

export type FriendUpdatesResponse = ApiSchema<'FriendUpdatesBody'>;

export function friendUpdatesKey() {
  return apiPaths.friendUpdates;
}

export function getFriendUpdates(): Promise<FriendUpdatesResponse> {
  return api.get(friendUpdatesKey());
}

/** GET /api/friend-updates, only while someone is signed in (spec §7). */
export function useFriendUpdates(enabled: boolean) {
  return useSWR<FriendUpdatesResponse>(enabled ? friendUpdatesKey() : null, getFriendUpdates);
}
