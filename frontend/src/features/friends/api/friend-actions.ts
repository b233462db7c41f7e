/**
 * The changes a member makes to a friendship or a block. Each answers the new state with the other
 * member; the screens then read their lists again (hooks/use-friend-action.ts).
 */
import { apiPaths } from '@/config/paths';
import type { FriendshipState } from '@/features/friends/api/types';
import { api } from '@/lib/api-client';

/** POST /api/friends/requests: `outgoing`, or `friends` when the other had already asked. */
export async function sendFriendRequest(userId: string): Promise<FriendshipState> {
  return (await api.post(apiPaths.friends.requests, { userId })).state;
}

/** POST /api/friends/requests/{userId}/accept. */
export async function acceptFriendRequest(userId: string): Promise<FriendshipState> {
  return (await api.post<'/api/friends/requests/{userId}/accept'>(apiPaths.friends.accept(userId))).state;
}

/** POST /api/friends/requests/{userId}/decline. */
export async function declineFriendRequest(userId: string): Promise<FriendshipState> {
  return (await api.post<'/api/friends/requests/{userId}/decline'>(apiPaths.friends.decline(userId))).state;
}

/** DELETE /api/friends/requests/{userId}: withdraws one's own request. */
export async function cancelFriendRequest(userId: string): Promise<FriendshipState> {
  return (await api.delete<'/api/friends/requests/{userId}'>(apiPaths.friends.request(userId))).state;
}

/** DELETE /api/friends/{userId}. */
export async function removeFriend(userId: string): Promise<FriendshipState> {
  return (await api.delete<'/api/friends/{userId}'>(apiPaths.friends.friend(userId))).state;
}

/** POST /api/blocks: also ends a friendship or a request between the two. */
export async function blockMember(userId: string): Promise<FriendshipState> {
  return (await api.post(apiPaths.blocks.list, { userId })).state;
}

/** DELETE /api/blocks/{userId}. */
export async function unblockMember(userId: string): Promise<FriendshipState> {
  return (await api.delete<'/api/blocks/{userId}'>(apiPaths.blocks.block(userId))).state;
}
