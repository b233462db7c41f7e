import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';

import { userKey, type User } from '@/features/auth/api/get-user';
import { useAuth } from '@/features/auth/hooks/use-auth';
import {
  clearOnboardingCompletedLocally,
  isOnboardingCompletedLocally,
} from '@/features/onboarding/utils/onboarding-flag';
import {
  isReplayRequested,
  searchWithoutReplay,
  shouldShowOnboarding,
} from '@/features/onboarding/utils/should-show-onboarding';

// Fetched only when the onboarding starts: users who have finished it never download it.
const OnboardingOverlay = lazy(
  () => import(/* webpackChunkName: "onboarding" */ '@/features/onboarding/components/onboarding-overlay'),
);

/** The onboarding of the signed-in user, if any (mounted by `OnboardingMount`). */
export default function OnboardingGate() {
  const auth = useAuth();
  return auth.status === 'signed-in' ? <Gate user={auth.user} /> : null;
}

/**
 * Starts the onboarding overlay (spec §4) when the user has a username and a birth date and neither this
 * browser's flag nor the server marks it completed. `?replay-tutorial=true` clears the flag and plays it
 * again, even when the server says it was completed, and is then removed from the URL. Once started, the
 * overlay stays until it says it is done, whatever the refreshed user says meanwhile; once done, it comes
 * back in this page's life only on request (even when no flag could be stored).
 */
function Gate({ user }: { user: User }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  // Each start gets its own key, so a replay during a run starts over.
  const [run, setRun] = useState<number | null>(null);
  const closed = useRef(false);
  const { username, birthDate, hasCompletedOnboarding } = user;
  const replay = isReplayRequested(search);

  useEffect(() => {
    if (replay) {
      closed.current = false;
      clearOnboardingCompletedLocally();
      void navigate({ pathname, search: searchWithoutReplay(search), hash }, { replace: true });
    }
    if (closed.current) return;
    const profile = { username, birthDate, hasCompletedOnboarding };
    if (shouldShowOnboarding(profile, { completedLocally: isOnboardingCompletedLocally(), replay })) {
      setRun((current) => (replay || current === null ? (current ?? 0) + 1 : current));
    }
  }, [replay, username, birthDate, hasCompletedOnboarding, navigate, pathname, search, hash]);

  const refreshUser = useCallback(() => void mutate(userKey()), [mutate]);
  const close = useCallback(() => {
    closed.current = true;
    setRun(null);
  }, []);

  if (run === null) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingOverlay key={run} name={user.firstName || user.username} onCompleted={refreshUser} onClose={close} />
    </Suspense>
  );
}
