/**
 * The one HTTP client for the gateway (spec §7). Every request carries the session cookie
 * (`credentials: 'include'`); a body is sent as JSON; a non-2xx answer becomes an `ApiError` whose
 * message is `"<status>: <body text or status text>"` (spec §8).
 */
import { env } from '@/config/env';

/** The gateway's error body: a Japanese message for a person and a stable SNAKE_CASE code. */
export type ApiErrorBody = {
  message: string;
  code?: string;
};

/** The answer of calls that only confirm what they did, e.g. `{"message":"ログアウトしました"}`. */
export type MessageResponse = {
  message: string;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The decoded `{message, code}` when the body had that shape, otherwise undefined. */
  readonly body: ApiErrorBody | undefined;
  /** From a `Retry-After` header (sent with 429s): how many seconds to wait before trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, text: string, body: ApiErrorBody | undefined, retryAfterSeconds?: number) {
    super(`${status}: ${text}`);
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The server's message for a person, if it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A message fit for a toast: the server's own message when there is one, else `fallback`. */
export function errorMessageFor(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What to do with a 401: throw an `ApiError` (default) or resolve to `null` ("signed out"). */
export type On401 = 'throw' | 'return-null';

export type RequestOptions = {
  on401?: On401;
  signal?: AbortSignal;
};

function parseErrorBody(text: string): ApiErrorBody | undefined {
  if (text === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'message' in parsed &&
      typeof parsed.message === 'string'
    ) {
      const code = 'code' in parsed && typeof parsed.code === 'string' ? parsed.code : undefined;
      return code === undefined ? { message: parsed.message } : { message: parsed.message, code };
    }
  } catch {
    // Not JSON: the raw text is already in the error message.
  }
  return undefined;
}

/** `Retry-After` as whole seconds: either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export function apiUrl(path: string): string {
  return `${env.apiUrl}${path}`;
}

/**
 * Sends one request. A successful empty body (e.g. 204) resolves to `undefined`, so such calls are typed
 * `apiRequest<void>`. With `on401: 'return-null'` a 401 resolves to `null` instead of throwing.
 */
export function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions & { on401: 'return-null' },
): Promise<T | null>;
export function apiRequest<T>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (options.signal) init.signal = options.signal;

  const response = await fetch(apiUrl(path), init);

  if (response.status === 401 && options.on401 === 'return-null') return null;

  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(
      response.status,
      text || response.statusText,
      parseErrorBody(text),
      parseRetryAfter(response.headers.get('Retry-After')),
    );
  }
  return text === '' ? (undefined as T) : (JSON.parse(text) as T);
}

type Options = Omit<RequestOptions, 'on401'>;

/** Requests whose 401 is an error. */
export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: Options) => apiRequest<T>('DELETE', path, undefined, options),
};

/** An swr key: one path, or path parts that are joined with '/'. */
export type FetchKey = string | readonly (string | number)[];

export function keyToPath(key: FetchKey): string {
  return typeof key === 'string' ? key : key.join('/');
}

/** The default swr fetcher: GETs the key (parts joined with '/') and parses the JSON answer; a 401 throws. */
export function fetcher<T>(key: FetchKey): Promise<T> {
  return apiRequest<T>('GET', keyToPath(key));
}

/** Like `fetcher`, but a 401 resolves to `null` (used where 401 simply means "signed out"). */
export function fetcherOrNullOn401<T>(key: FetchKey): Promise<T | null> {
  return apiRequest<T>('GET', keyToPath(key), undefined, { on401: 'return-null' });
}
