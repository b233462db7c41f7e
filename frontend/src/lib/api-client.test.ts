import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import {
  api,
  ApiError,
  apiRequest,
  errorMessageFor,
  fetcher,
  fetcherOrNullOn401,
  parseRetryAfter,
} from '@/lib/api-client';
import { server } from '@/testing/mocks/server';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('names the status and the body text in the error, and decodes {message, code}', async () => {
    server.use(
      http.post('/api/auth/forgot-password', () =>
        HttpResponse.json({ message: '入力が正しくありません', code: 'INVALID_INPUT' }, { status: 400 }),
      ),
    );

    const error = await caught(api.post('/api/auth/forgot-password', { email: 'a' }));

    expect(error.message).toBe('400: {"message":"入力が正しくありません","code":"INVALID_INPUT"}');
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ message: '入力が正しくありません', code: 'INVALID_INPUT' });
    expect(error.serverMessage).toBe('入力が正しくありません');
    expect(error.code).toBe('INVALID_INPUT');
  });

  it('uses the status text when the error body is empty', async () => {
    server.use(
      http.get('/api/fortune/badges', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
    );

    const error = await caught(api.get('/api/fortune/badges'));

    expect(error.message).toBe('503: Service Unavailable');
    expect(error.body).toBeUndefined();
  });

  it('keeps a plain-text error body as it is, without a decoded body', async () => {
    server.use(http.get('/api/fortune/badges', () => new HttpResponse('upstream timeout', { status: 504 })));

    const error = await caught(api.get('/api/fortune/badges'));

    expect(error.message).toBe('504: upstream timeout');
    expect(error.body).toBeUndefined();
  });

  it('sends credentials on every request and a JSON body with a JSON content type', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    let received: unknown;
    server.use(
      http.post('/api/auth/forgot-password', async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({ message: '送りました' });
      }),
      http.get('/api/fortune/badges', () => HttpResponse.json([])),
    );

    await expect(api.post('/api/auth/forgot-password', { email: 'hanako@example.jp' })).resolves.toEqual({
      message: '送りました',
    });
    await api.get('/api/fortune/badges');

    expect(received).toEqual({ email: 'hanako@example.jp' });
    const [postInit, getInit] = fetchSpy.mock.calls.map(([, init]) => init);
    expect(postInit?.credentials).toBe('include');
    expect(postInit?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(getInit?.credentials).toBe('include');
    expect(getInit?.headers).not.toHaveProperty('Content-Type');
  });

  it('sends a FormData as multipart/form-data, with the boundary the browser chose', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    let contentType: string | null = null;
    let fields: Record<string, string> = {};
    server.use(
      http.post('/api/support/tickets/:id/messages', async ({ request }) => {
        contentType = request.headers.get('content-type');
        const form = await request.formData();
        fields = { requestId: String(form.get('requestId')), message: String(form.get('message')) };
        return HttpResponse.json({ id: 'm-1' }, { status: 201 });
      }),
    );
    const form = new FormData();
    form.append('requestId', '0193d1a2-7c1e-7000-b000-000000000001');
    form.append('message', '画像を送ります');

    await expect(api.postForm<'/api/support/tickets/{id}/messages'>('/api/support/tickets/t-1/messages', form)).resolves.toEqual({
      id: 'm-1',
    });

    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(fields).toEqual({ requestId: '0193d1a2-7c1e-7000-b000-000000000001', message: '画像を送ります' });
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('throws on 401 by default and resolves to null when told to', async () => {
    server.use(http.get('/api/auth/user', () => HttpResponse.json({ message: 'ログインが必要です' }, { status: 401 })));

    await expect(fetcher('/api/auth/user')).rejects.toMatchObject({ status: 401 });
    await expect(fetcherOrNullOn401('/api/auth/user')).resolves.toBeNull();
    await expect(apiRequest('GET', '/api/auth/user', undefined, { on401: 'return-null' })).resolves.toBeNull();
  });

  it('GETs the key parts joined with a slash', async () => {
    server.use(http.get('/api/fortune/life', () => HttpResponse.json({ title: '晴れ' })));

    await expect(fetcher(['/api/fortune', 'life'])).resolves.toEqual({ title: '晴れ' });
  });

  it('resolves an empty successful body to undefined', async () => {
    server.use(http.post('/api/onboarding/complete', () => new HttpResponse(null, { status: 204 })));

    await expect(apiRequest<void>('POST', '/api/onboarding/complete')).resolves.toBeUndefined();
  });

  it('prefers the server message for people over a fallback', async () => {
    expect(errorMessageFor(new ApiError(400, 'x', { message: '日付が正しくありません' }), '既定')).toBe(
      '日付が正しくありません',
    );
    expect(errorMessageFor(new ApiError(500, 'Internal Server Error', undefined), '既定')).toBe('既定');
    expect(errorMessageFor(new TypeError('Failed to fetch'), '既定')).toBe('既定');
  });

  it('reads how long to wait from Retry-After', async () => {
    server.use(
      http.post('/api/auth/logout', () =>
        HttpResponse.json(
          { message: 'しばらくしてからお試しください', code: 'RATE_LIMITED' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );

    const error = await caught(api.post('/api/auth/logout'));

    expect(error.retryAfterSeconds).toBe(42);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30);
  });

  it("takes only the gateway's documented operations, with their bodies (tsc checks the directives below)", () => {
    const calls = [
      // @ts-expect-error: the gateway's document has no such path
      () => api.get('/api/fortune/weekly'),
      // @ts-expect-error: the path is served with GET only
      () => api.post('/api/fortune/daily'),
      // @ts-expect-error: the operation's body is `{ email }`
      () => api.post('/api/auth/forgot-password', { address: 'hanako@example.jp' }),
      // @ts-expect-error: the answer is the user object, which has no `message`
      (): Promise<{ message: string }> => api.get('/api/auth/user'),
    ];
    expect(calls).toHaveLength(4);
  });
});
