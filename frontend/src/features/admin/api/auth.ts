import { useEffect } from 'react';
import useSWR from 'swr';

import { adminApiPaths } from '@/config/admin-paths';
import { adminFetch, adminRequest } from '@/features/admin/api/admin-client';
import type { AdminLoginAnswer, AdminLoginRequest, AdminMeAnswer } from '@/features/admin/api/types';
import {
  endAdminSession,
  getAdminSession,
  startAdminSession,
  updateAdminSessionExpiry,
  type AdminSession,
} from '@/features/admin/stores/admin-session';

/**
 * POST /api/admin/login: checks the staff member's e-mail and password and keeps the session it answers
 * with. Throws the gateway's refusal: 401 INVALID_CREDENTIALS, 403 ADMIN_INACTIVE, 429 LOGIN_RATE_LIMITED
 * (with Retry-After), 503 ADMIN_DISABLED.
 */
export async function adminLogin(credentials: AdminLoginRequest): Promise<AdminSession> {
  const response = await adminFetch('POST', adminApiPaths.login, credentials, { token: null });
  const answer = (await response.json()) as AdminLoginAnswer;
  return startAdminSession(answer, response.headers.get('Date'), Date.now());
}

/**
 * Signs out: the token is dropped at once (the guard leads to the login), then POST /api/admin/logout revokes
 * it. Signing out works whatever that answers: unreachable, or a token that has already run out.
 */
export async function adminLogout(): Promise<void> {
  const session = getAdminSession();
  endAdminSession('signed-out');
  if (session === null) return;
  try {
    await adminRequest<void>('POST', adminApiPaths.logout, undefined, { token: session.token });
  } catch {
    // Nothing to do: the token is already gone from this tab, and an expired one has nothing left to revoke.
  }
}

/**
 * GET /api/admin/me for the signed-in session: confirms the token when the admin build opens with a stored
 * one (a deactivated account answers 401 and the session ends) and takes the gateway's expiry again.
 */
export function useAdminMe(token: string) {
  const me = useSWR<{ answer: AdminMeAnswer; serverDate: string | null; at: number }>(
    [adminApiPaths.me, token],
    async () => {
      const response = await adminFetch('GET', adminApiPaths.me);
      return { answer: (await response.json()) as AdminMeAnswer, serverDate: response.headers.get('Date'), at: Date.now() };
    },
  );
  const data = me.data;
  useEffect(() => {
    if (data) updateAdminSessionExpiry(token, data.answer.expiresAt, data.serverDate, data.at);
  }, [data, token]);
  return me;
}
