/**
 * The admin build's calls to the gateway. They differ from the app's (lib/api-client.ts) in one way: the
 * staff session is a bearer token, not a cookie, so each call carries `Authorization: Bearer <token>` from
 * the session store. Everything else is the app's: JSON in and out, and a non-2xx answer thrown as the
 * app's `ApiError` with the gateway's `{code, message}` (`errorFromResponse`).
 *
 * A 401 ADMIN_UNAUTHENTICATED from any call (the token ran out or is no longer valid, or the account was
 * deactivated) ends the session that sent it, as expired: the route guard then leads to the login with the
 * notice and back. 403 ADMIN_FORBIDDEN is left to the caller, which shows the message and stays.
 */
import { endAdminSession, getAdminSession } from '@/features/admin/stores/admin-session';
import { apiUrl, errorFromResponse, type ApiError, type HttpMethod } from '@/lib/api-client';

export type AdminRequestOptions = {
  signal?: AbortSignal;
  /**
   * The token to send instead of the current session's; null sends none (the sign-in itself). A 401 then
   * ends the current session only if it is the one that token belongs to.
   */
  token?: string | null;
};

/** The gateway's code for a token it no longer takes. */
export const ADMIN_UNAUTHENTICATED = 'ADMIN_UNAUTHENTICATED';
export const ADMIN_FORBIDDEN = 'ADMIN_FORBIDDEN';

/** Whether a 401 means "the session is over" (a 401 without a code is read the same way). */
function endsSession(error: ApiError): boolean {
  return error.status === 401 && (error.code === undefined || error.code === ADMIN_UNAUTHENTICATED);
}

/** Sends one request and returns the 2xx answer; anything else is thrown as an `ApiError`. */
export async function adminFetch(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: AdminRequestOptions = {},
): Promise<Response> {
  const token = options.token === undefined ? (getAdminSession()?.token ?? null) : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (options.signal) init.signal = options.signal;

  const response = await fetch(apiUrl(path), init);
  if (response.ok) return response;
  const error = await errorFromResponse(response);
  if (token !== null && endsSession(error)) endAdminSession('expired', token);
  throw error;
}

/** A request whose answer is JSON (`T`), or empty (204: `undefined`, so such calls are typed `adminRequest<void>`). */
export async function adminRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options?: AdminRequestOptions,
): Promise<T> {
  const response = await adminFetch(method, path, body, options);
  const text = await response.text();
  return text === '' ? (undefined as T) : (JSON.parse(text) as T);
}

/** The swr fetcher of the admin build: GETs the key with the token. */
export function adminFetcher<T>(path: string): Promise<T> {
  return adminRequest<T>('GET', path);
}
