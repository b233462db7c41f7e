import { http, HttpResponse } from 'msw';

import { apiPaths } from '@/config/paths';
import type { User } from '@/features/auth/api/get-user';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import type { ApiSchema } from '@/types/api';

/** The gateway's error body (docs/api/accounts.md; generated `ErrorBody`): a Japanese message and a stable code. */
export function apiError(status: number, code: string, message: string, init: ResponseInit = {}) {
  return HttpResponse.json<ApiSchema<'ErrorBody'>>({ message, code }, { ...init, status });
}

/**
 * A session on the mocked gateway: GET /api/auth/user answers with `session.user`, or 401 while it is
 * null. Handlers a test adds sign in (`signIn`) or out (`signOut`) the way the real endpoints would.
 */
export function mockSession(initial: User | null = null) {
  const session = {
    user: initial,
    signIn(user: User = sampleUser) {
      session.user = user;
    },
    signOut() {
      session.user = null;
    },
  };
  server.use(
    http.get(apiPaths.auth.user, () =>
      session.user ? HttpResponse.json(session.user) : apiError(401, 'UNAUTHENTICATED', 'ログインが必要です'),
    ),
  );
  return session;
}
