/**
 * The wire shapes of the gateway's social routes, read off its OpenAPI document by
 * operation, so they follow the gateway whatever its schemas are named.
 */
import type { ApiAnswer } from '@/types/api';

/** GET /api/friends: friends (with their compatibility), requests received and requests sent. */
export type FriendsOverview = ApiAnswer<'get', '/api/friends'>;
export type Friend = FriendsOverview['friends'][number];
export type FriendRequest = FriendsOverview['incoming'][number];

/** GET /api/friends/search: members whose username starts with the query, with the caller's state. */
export type MemberSearch = ApiAnswer<'get', '/api/friends/search'>;
export type SearchResult = MemberSearch['results'][number];

/** none | outgoing | incoming | friends | blocked: where the caller stands with another member. */
export type FriendshipState = SearchResult['state'];

/** A member's public fields: userId, username, firstName, profileImageUrl. Never more. */
export type Member = ApiAnswer<'get', '/api/blocks'>['blocked'][number];

/** GET /api/friends/{userId}/compatibility. */
export type Compatibility = ApiAnswer<'get', '/api/friends/{userId}/compatibility'>;
export type CompatibilityStatus = Friend['compatibilityStatus'];
export type CompatibilityFactor = Compatibility['factors'][number];

/** GET /api/invites/{userId}: the inviter and the caller's state with them (`self`; null signed out). */
export type Invite = ApiAnswer<'get', '/api/invites/{userId}'>;
export type InviteState = Invite['state'];
