/**
 * The one HTTP client for the gateway (spec §7). Every request carries the session cookie
 * (`credentials: 'include'`); a body is sent as JSON, or a `FormData` as multipart/form-data; a non-2xx
 * answer becomes an `ApiError` whose message is `"<status>: <body text or status text>"` (spec §8).
 */
import { env } from '@/config/env';
import type { ApiAnswer, ApiBody, ApiMethod, ApiPath, ApiSchema, ApiUrl } from '@/types/api';

/** The gateway's error body: a Japanese message for a person and a stable SNAKE_CASE code (generated `ErrorBody`). */
export type ApiErrorBody = Pick<ApiSchema<'ErrorBody'>, 'message'> &
  Partial<Pick<ApiSchema<'ErrorBody'>, 'code'>> & {
    /** NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME: the readings on offer, as sent (checked by lib/dst-choice). */
    choices?: unknown;
  };

/** The answer of calls that only confirm what they did, e.g. `{"message":"ログアウトしました"}`. */
export type MessageResponse = ApiSchema<'MessageBody'>;

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
      const body: ApiErrorBody = code === undefined ? { message: parsed.message } : { message: parsed.message, code };
      if ('choices' in parsed && Array.isArray(parsed.choices)) body.choices = parsed.choices;
      return body;
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
  if (body instanceof FormData) {
    // No Content-Type: the browser writes multipart/form-data with the boundary it chose.
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (options.signal) init.signal = options.signal;

  const response = await fetch(apiUrl(path), init);

  if (response.status === 401 && options.on401 === 'return-null') return null;

  if (!response.ok) throw await errorFromResponse(response);
  const text = await response.text();
  return text === '' ? (undefined as T) : (JSON.parse(text) as T);
}

/** The `ApiError` of a non-2xx answer (reads its body), for callers that send with `fetch` themselves. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text();
  return new ApiError(
    response.status,
    text || response.statusText,
    parseErrorBody(text),
    parseRetryAfter(response.headers.get('Retry-After')),
  );
}

type Options = Omit<RequestOptions, 'on401'>;

/** The body argument of an operation: required when the document gives it a body, absent otherwise. */
type BodyArgs<Method extends ApiMethod, Path extends ApiPath<Method>> =
  ApiBody<Method, Path> extends undefined
    ? [body?: undefined, options?: Options]
    : [body: ApiBody<Method, Path>, options?: Options];

/**
 * Requests whose 401 is an error, typed by the gateway's OpenAPI document (types/api.ts): the path must be one
 * the document serves with that method, the body is the operation's request body and the answer its success
 * body. A call the gateway does not serve, or a field it does not send, fails tsc.
 */
export const api = {
  get: <Path extends ApiPath<'get'>>(path: ApiUrl<Path>, options?: Options) =>
    apiRequest<ApiAnswer<'get', Path>>('GET', path, undefined, options),
  post: <Path extends ApiPath<'post'>>(path: ApiUrl<Path>, ...[body, options]: BodyArgs<'post', Path>) =>
    apiRequest<ApiAnswer<'post', Path>>('POST', path, body, options),
  /** A POST whose body is multipart/form-data (files with their fields); the answer is typed as `post`'s. */
  postForm: <Path extends ApiPath<'post'>>(path: ApiUrl<Path>, form: FormData, options?: Options) =>
    apiRequest<ApiAnswer<'post', Path>>('POST', path, form, options),
  put: <Path extends ApiPath<'put'>>(path: ApiUrl<Path>, ...[body, options]: BodyArgs<'put', Path>) =>
    apiRequest<ApiAnswer<'put', Path>>('PUT', path, body, options),
  patch: <Path extends ApiPath<'patch'>>(path: ApiUrl<Path>, ...[body, options]: BodyArgs<'patch', Path>) =>
    apiRequest<ApiAnswer<'patch', Path>>('PATCH', path, body, options),
  delete: <Path extends ApiPath<'delete'>>(path: ApiUrl<Path>, ...[body, options]: BodyArgs<'delete', Path>) =>
    apiRequest<ApiAnswer<'delete', Path>>('DELETE', path, body, options),
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
