import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { fetcherOrNullOn401 } from '@/lib/api-client';

/** The current user as the gateway returns it (spec §3 lists the fields the app reads; others may follow). */
export type User = {
  id?: string;
  email?: string;
  username?: string | null;
  firstName?: string | null;
  birthDate?: string | null;
  profileImageUrl?: string | null;
  baziChartStatus?: string | null;
  hasCompletedOnboarding?: boolean;
};

export function userKey(): string {
  return apiPaths.auth.user;
}

/** The current user, or null when signed out (401). */
export function getUser(): Promise<User | null> {
  return fetcherOrNullOn401<User>(userKey());
}

/**
 * The current user: fetched once, never revalidated because it went stale, never retried (spec §4).
 * Sign-in and sign-out refresh it with `mutate(userKey())`.
 */
export function useUser() {
  return useSWR<User | null>(userKey(), getUser, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    refreshInterval: 0,
    shouldRetryOnError: false,
  });
}
