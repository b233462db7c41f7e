/**
 * The staff session of the admin build: the bearer token from POST /api/admin/login, when it runs out, and who
 * signed in. It lives in sessionStorage, not localStorage: it dies with the tab, and another tab or a later
 * visitor to the same browser does not inherit it. sessionStorage is the only copy, so every tab and every
 * test starts from what is stored; components read it with `useAdminSession()`.
 *
 * How the last session ended (`signed-out` by ログアウト, `expired` by time or a 401 from the gateway) is kept
 * too, until the next sign-in: the route guard sends an expired session to the login with its notice and the
 * page to come back to, and a signed-out one to a plain login.
 */
import { useSyncExternalStore } from 'react';

import type { AdminIdentity, AdminLoginAnswer, AdminRole } from '@/features/admin/api/types';

const SESSION_KEY = 'meguri:admin-session';
const ENDED_KEY = 'meguri:admin-session-ended';

export type AdminSession = {
  token: string;
  /** When the token runs out, in this device's clock (ms since the epoch; see `sessionDeadline`). */
  expiresAt: number;
  admin: AdminIdentity;
};

export type SessionEnd = 'signed-out' | 'expired';

export type AdminSessionState = {
  session: AdminSession | null;
  /** How the last session ended; null once someone signed in again (or never). */
  ended: SessionEnd | null;
};

/** An unknown role is shown and treated as the narrower one. */
export function parseRole(role: string): AdminRole {
  return role === 'admin' ? 'admin' : 'support';
}

/**
 * The token's end in this device's clock. The gateway says when it expires in its own clock; when the answer's
 * `Date` header gives the gateway's now, the remaining time is measured from that, so a device clock that is
 * off by minutes neither ends a fresh session at once nor shows time that is not there. Without the header
 * (or with an unreadable one) the gateway's time is taken as it is.
 */
export function sessionDeadline(expiresAt: string, serverDate: string | null, now: number): number {
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return now;
  const serverNow = serverDate === null ? Number.NaN : Date.parse(serverDate);
  return Number.isNaN(serverNow) ? expires : now + (expires - serverNow);
}

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (a full quota): nothing is kept, and the guard asks for a sign-in again.
  }
}

function parseSession(raw: string | null): AdminSession | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { token, expiresAt, admin } = value as Record<string, unknown>;
    if (typeof token !== 'string' || token === '' || typeof expiresAt !== 'number') return null;
    if (typeof admin !== 'object' || admin === null) return null;
    const { id, email, role } = admin as Record<string, unknown>;
    if (typeof id !== 'string' || typeof email !== 'string' || typeof role !== 'string') return null;
    return { token, expiresAt, admin: { id, email, role: parseRole(role) } };
  } catch {
    return null;
  }
}

function parseEnded(raw: string | null): SessionEnd | null {
  return raw === 'signed-out' || raw === 'expired' ? raw : null;
}

/** The last snapshot and the stored strings it was read from: a new object only when storage changed. */
let cached: { rawSession: string | null; rawEnded: string | null; state: AdminSessionState } | null = null;

function snapshot(): AdminSessionState {
  const rawSession = read(SESSION_KEY);
  const rawEnded = read(ENDED_KEY);
  if (cached && cached.rawSession === rawSession && cached.rawEnded === rawEnded) return cached.state;
  cached = { rawSession, rawEnded, state: { session: parseSession(rawSession), ended: parseEnded(rawEnded) } };
  return cached.state;
}

function store(session: AdminSession | null, ended: SessionEnd | null): void {
  write(SESSION_KEY, session === null ? null : JSON.stringify(session));
  write(ENDED_KEY, ended);
  for (const listener of listeners) listener();
}

export function getAdminSession(): AdminSession | null {
  return snapshot().session;
}

/**
 * Keeps a successful sign-in. `serverDate` is the answer's `Date` header (see `sessionDeadline`); `now` this
 * device's clock when the answer came.
 */
export function startAdminSession(answer: AdminLoginAnswer, serverDate: string | null, now: number): AdminSession {
  const session: AdminSession = {
    token: answer.token,
    expiresAt: sessionDeadline(answer.expiresAt, serverDate, now),
    admin: { id: answer.admin.id, email: answer.admin.email, role: parseRole(answer.admin.role) },
  };
  store(session, null);
  return session;
}

/** Takes the expiry the gateway states again (GET /api/admin/me) for the session of `token`, if it is still the one. */
export function updateAdminSessionExpiry(token: string, expiresAt: string, serverDate: string | null, now: number): void {
  const session = getAdminSession();
  if (!session || session.token !== token) return;
  const next = sessionDeadline(expiresAt, serverDate, now);
  if (next !== session.expiresAt) store({ ...session, expiresAt: next }, null);
}

/**
 * Drops the token. With `token`, only if it is still the current one: a late 401 from the session before must
 * not end the one signed in since.
 */
export function endAdminSession(reason: SessionEnd, token?: string): void {
  const session = getAdminSession();
  if (token !== undefined && session?.token !== token) return;
  if (session === null && snapshot().ended === reason) return;
  store(null, reason);
}

export function subscribeAdminSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session and how the last one ended; re-renders when either changes. */
export function useAdminSession(): AdminSessionState {
  return useSyncExternalStore(subscribeAdminSession, snapshot, snapshot);
}
