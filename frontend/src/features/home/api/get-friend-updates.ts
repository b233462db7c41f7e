import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';

/** GET /api/friend-updates: the caller's local date and at most 3 updates about friends (spec §3). */
export type FriendUpdatesResponse = ApiAnswer<'get', '/api/friend-updates'>;

/** `text` is a header line followed by '-' bullet lines, or plain sentences (see utils/update-text.ts). */
export type FriendUpdate = FriendUpdatesResponse['updates'][number];

/** A friend as an update names them (spec §3): the first of `friends` is the one it is about. */
export type UpdateFriend = FriendUpdate['friends'][number];

/** The offset makes "today" the person's own day, as for the daily reading. */
export function friendUpdatesKey(timezoneOffset: number) {
  return apiPaths.friendUpdates(timezoneOffset);
}

export function getFriendUpdates(timezoneOffset: number): Promise<FriendUpdatesResponse> {
  return api.get(friendUpdatesKey(timezoneOffset));
}

/** GET /api/friend-updates, only while someone is signed in (spec §7). */
export function useFriendUpdates(timezoneOffset: number, enabled: boolean) {
  return useSWR<FriendUpdatesResponse>(enabled ? friendUpdatesKey(timezoneOffset) : null, () =>
    getFriendUpdates(timezoneOffset),
  );
}
