import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SWRConfig, type SWRConfiguration } from 'swr';

import { adminPaths } from '@/config/admin-paths';
import { adminFetcher } from '@/features/admin/api/admin-client';
import { useAdminMe } from '@/features/admin/api/auth';
import { SignedInAdminContext } from '@/features/admin/hooks/use-signed-in-admin';
import { useNow } from '@/features/admin/hooks/use-now';
import { endAdminSession, useAdminSession, type AdminSession } from '@/features/admin/stores/admin-session';

/** What the login reads from the navigation that led there. */
export type AdminLoginState = { sessionExpired?: boolean };

/**
 * The admin build's data defaults, on top of the app's (lib/swr-config.ts): the bearer-token fetcher, and
 * fresher data than the member app's five minutes, since other staff change the same tickets.
 */
const ADMIN_SWR: SWRConfiguration = {
  fetcher: adminFetcher,
  dedupingInterval: 2000,
  revalidateOnFocus: true,
  focusThrottleInterval: 10_000,
};

/**
 * The guard of every signed-in admin screen. Without a session it leads to /admin/login: after a sign-out
 * plainly; a visitor who was never signed in, or a session that ran out, with the page to return to
 * (`?next=`), and the expired one with its notice.
 */
export function RequireAdminSession({ children }: { children: ReactNode }) {
  const { session, ended } = useAdminSession();
  const { pathname, search, hash } = useLocation();

  if (session === null) {
    if (ended === 'signed-out') return <Navigate to={adminPaths.login} replace />;
    const state: AdminLoginState = { sessionExpired: ended === 'expired' };
    return <Navigate to={adminPaths.loginThen(`${pathname}${search}${hash}`)} replace state={state} />;
  }
  // A new session starts with an empty cache: nothing read with the token before carries over.
  return (
    <SessionScope key={session.token} session={session}>
      {children}
    </SessionScope>
  );
}

/**
 * One session's screens: its own swr cache, the token checked with the gateway (GET /api/admin/me), and the
 * clock. When the time is up the session ends as expired and nothing of the screens stays up meanwhile.
 */
function SessionScope({ session, children }: { session: AdminSession; children: ReactNode }) {
  const now = useNow(1000);
  const remainingMs = session.expiresAt - now;
  const over = remainingMs <= 0;
  useAdminMe(session.token);

  useEffect(() => {
    if (over) endAdminSession('expired', session.token);
  }, [over, session.token]);

  const swr = useMemo<SWRConfiguration>(() => ({ ...ADMIN_SWR, provider: () => new Map() }), []);
  const signedIn = useMemo(() => ({ session, remainingMs }), [session, remainingMs]);

  if (over) return null;
  return (
    <SWRConfig value={swr}>
      <SignedInAdminContext.Provider value={signedIn}>{children}</SignedInAdminContext.Provider>
    </SWRConfig>
  );
}
