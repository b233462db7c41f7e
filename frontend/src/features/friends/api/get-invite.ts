import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { Invite } from '@/features/friends/api/types';
import { api } from '@/lib/api-client';

export function inviteKey(userId: string) {
  return apiPaths.invite(userId);
}

/** Whether an swr key is an invite page's. */
export function isInviteKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith('/api/invites/');
}

/**
 * GET /api/invites/{userId}, open to everyone: the inviter's public card and, signed in, where the
 * caller stands with them. An unknown or deleted id is 404 MEMBER_NOT_FOUND.
 */
export function getInvite(userId: string): Promise<Invite> {
  return api.get<'/api/invites/{userId}'>(inviteKey(userId));
}

export function useInvite(userId: string) {
  return useSWR<Invite>(inviteKey(userId), () => getInvite(userId));
}
