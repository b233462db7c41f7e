import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const emailField = () => screen.findByLabelText(/^メールアドレス/, { selector: 'input' });
const codeField = () => screen.getByLabelText(/^認証コード/, { selector: 'input' });

describe('verify', () => {
  it('reads the address from the query and asks for the code with a numeric keyboard', async () => {
    mockSession();
    renderApp(<AppRoutes />, { route: '/auth/verify?email=hanako%2Btest%40example.com' });

    expect(await emailField()).toHaveValue('hanako+test@example.com');
    const code = codeField();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(screen.getByText(/迷惑メールフォルダ/)).toBeInTheDocument();
  });

  it('keeps the button disabled until the code has six digits, and takes only digits', async () => {
    mockSession();
    const { user } = renderApp(<AppRoutes />, { route: '/auth/verify?email=hanako%40example.com' });
    await emailField();
    const submit = screen.getByRole('button', { name: '認証する' });

    await user.type(codeField(), '12a3４5');
    expect(codeField()).toHaveValue('12345');
    expect(submit).toBeDisabled();

    await user.type(codeField(), '67');
    expect(codeField()).toHaveValue('123456');
    expect(submit).toBeEnabled();
  });

  it('signs in with the right code, refreshes the user and goes home', async () => {
    const session = mockSession();
    let sent: unknown;
    server.use(
      http.post(apiPaths.auth.verifyEmail, async ({ request }) => {
        sent = await request.json();
        await delay(100);
        session.signIn();
        return HttpResponse.json(sampleUser);
      }),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/auth/verify?email=hanako%40example.com' });
    await emailField();
    await user.type(codeField(), '204816');

    await user.click(screen.getByRole('button', { name: '認証する' }));

    expect(await screen.findByRole('button', { name: '認証中...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: '今日の運勢' })).toBeInTheDocument();
    expect(sent).toEqual({ email: 'hanako@example.com', code: '204816' });
    expect(screen.getByRole('status')).toHaveTextContent('メール認証完了');
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the code is wrong", async () => {
    mockSession();
    server.use(
      http.post(apiPaths.auth.verifyEmail, () =>
        apiError(400, 'CODE_INVALID', '認証コードが正しくありません（残り4回）'),
      ),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/auth/verify?email=hanako%40example.com' });
    await emailField();
    await user.type(codeField(), '000000');

    await user.click(screen.getByRole('button', { name: '認証する' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('認証エラー');
    expect(toast).toHaveTextContent('認証コードが正しくありません（残り4回）');
    expect(codeField()).toHaveValue('000000');
  });

  it('falls back to a default message and clears a used-up code', async () => {
    mockSession();
    server.use(http.post(apiPaths.auth.verifyEmail, () => new HttpResponse(null, { status: 409 })));
    const { user } = renderApp(<AppRoutes />, { route: '/auth/verify?email=hanako%40example.com' });
    await emailField();
    await user.type(codeField(), '000000');

    await user.click(screen.getByRole('button', { name: '認証する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('認証に失敗しました');
  });

  it('resends the code and counts down the cooldown the server names', async () => {
    mockSession();
    let sent: unknown;
    server.use(
      http.post(apiPaths.auth.resendVerification, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: '認証コードを再送信しました', cooldownSeconds: 45 });
      }),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/auth/verify?email=hanako%40example.com' });
    await emailField();

    await user.click(screen.getByRole('button', { name: 'コードを再送信' }));

    expect(await screen.findByRole('button', { name: /コードを再送信（あと4[45]秒）/ })).toBeDisabled();
    expect(sent).toEqual({ email: 'hanako@example.com' });
    expect(screen.getByRole('status')).toHaveTextContent('認証コードを再送信しました');
  });

  it('waits as long as a 429 says', async () => {
    mockSession();
    server.use(
      http.post(apiPaths.auth.resendVerification, () =>
        apiError(429, 'RESEND_COOLDOWN', 'しばらくしてから再送信してください', { headers: { 'Retry-After': '30' } }),
      ),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/auth/verify?email=hanako%40example.com' });
    await emailField();

    await user.click(screen.getByRole('button', { name: 'コードを再送信' }));

    expect(await screen.findByRole('button', { name: /コードを再送信（あと(30|29)秒）/ })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('しばらくしてから再送信してください');
  });

  it('sends a signed-in visitor home', async () => {
    mockSession(sampleUser);
    renderApp(<AppRoutes />, { route: '/auth/verify?email=hanako%40example.com' });

    expect(await screen.findByRole('heading', { name: '今日の運勢' })).toBeInTheDocument();
  });
});
