import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { fetcherOrNullOn401 } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

export type Gender = ApiSchema<'GenderName'>;

/**
 * The current user as the gateway returns it (docs/api/accounts.md "The user object"): from
 * GET /api/auth/user and as the body of a successful login, e-mail verification, onboarding or settings
 * change. The gateway's `UserBody`, generated from its OpenAPI document.
 */
export type User = ApiSchema<'UserBody'>;

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
