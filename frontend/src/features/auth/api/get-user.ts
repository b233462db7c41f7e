import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { fetcherOrNullOn401 } from '@/lib/api-client';

export type Gender = 'male' | 'female' | 'other';

/**
 * The current user as the gateway returns it (docs/api/accounts.md "The user object"): from
 * GET /api/auth/user and as the body of a successful login or e-mail verification.
 */
export type User = {
  id: string;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  gender: Gender | null;
  /** YYYY-MM-DD */
  birthDate: string | null;
  /** HH:MM: the time given, or the 12:00 used when it was skipped (then `birthTimeUnknown`). */
  birthTime: string | null;
  /** True when the person skipped the birth time: `birthTime` is the assumed 12:00. */
  birthTimeUnknown: boolean;
  birthLocation: string | null;
  birthLongitude: number | null;
  birthLatitude: number | null;
  isEmailVerified: boolean;
  hasCompletedOnboarding: boolean;
  /** The new address while an e-mail change waits for its confirmation link, else null. */
  pendingEmail: string | null;
  /** Minutes, as the browser's `Date#getTimezoneOffset`, as last reported; null until one is. */
  timezoneOffset: number | null;
  /** 'pending' or 'generating' while the chart is being built; anything else means ready (spec §4). */
  baziChartStatus: string;
  /** Null when billing did not answer. */
  credits: number | null;
  role: string;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, null before the first sign-in. */
  lastLoginAt: string | null;
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
