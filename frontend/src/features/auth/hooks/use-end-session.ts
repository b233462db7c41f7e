import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';

import { userKey } from '@/features/auth/api/get-user';

/** Location state of the navigation that leaves a session which the server has already ended. */
type SessionEndedState = { sessionEnded: true };

export function isSessionEndedState(state: unknown): state is SessionEndedState {
  return typeof state === 'object' && state !== null && (state as Partial<SessionEndedState>).sessionEnded === true;
}

/**
 * After logout or account deletion: go to `to` and forget the signed-in person. The navigation carries
 * a marker that the route table reads as "signed out", so the next screen renders from the signed-out
 * set at once; `useForgetEndedSession` then clears the cache. Doing both in one step would not work:
 * the router renders navigations in a transition while the cache change renders at once, so the old
 * screen would flash as a signed-out 404 first.
 */
export function useEndSession() {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      const state: SessionEndedState = { sessionEnded: true };
      void navigate(to, { replace: true, state });
    },
    [navigate],
  );
}

/**
 * Run by the route table: when a navigation marked by `useEndSession` has arrived, drop every cached
 * response, set the current user to null (signed out), and take the marker off the history entry so
 * going back there later does not sign anyone out again.
 */
export function useForgetEndedSession(): boolean {
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  const ended = isSessionEndedState(state);
  // The steps below await; once the route table is gone (the app closed, a test cleaned up) its
  // cache and router are too, and the remaining steps must not run against them.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!ended) return;
    const user = userKey();
    void (async () => {
      await mutate((key) => key !== user, undefined, { revalidate: false });
      if (!mounted.current) return;
      await mutate(user, null, { revalidate: false });
      if (!mounted.current) return;
      void navigate({ pathname, search, hash }, { replace: true, state: null });
    })();
  }, [ended, mutate, navigate, pathname, search, hash]);

  return ended;
}
