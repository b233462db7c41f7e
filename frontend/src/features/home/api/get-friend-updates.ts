import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** A friend as an update names them (spec §3): the first of `friends` is the one it is about. */
export type UpdateFriend = {
  firstName: string | null;
  username: string | null;
  profileImageUrl: string | null;
};

export type FriendUpdate = {
  id: string;
  /** A header line followed by '-' bullet lines, or plain sentences (see utils/update-text.ts). */
  text: string;
  friends: UpdateFriend[];
};

export type FriendUpdatesResponse = {
  updates: FriendUpdate[];
};

export function friendUpdatesKey(): string {
  return apiPaths.friendUpdates;
}

export function getFriendUpdates(): Promise<FriendUpdatesResponse> {
  return api.get<FriendUpdatesResponse>(friendUpdatesKey());
}

/** GET /api/friend-updates, only while someone is signed in (spec §7). */
export function useFriendUpdates(enabled: boolean) {
  return useSWR<FriendUpdatesResponse>(enabled ? friendUpdatesKey() : null, getFriendUpdates);
}
