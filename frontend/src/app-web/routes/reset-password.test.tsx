import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const LINK = '/reset-password?token=tok-123&email=hanako%40example.com';
const passwordField = () => screen.findByLabelText(/^新しいパスワード/, { selector: 'input' });

describe('reset password', () => {
  it.each([
    ['without a token', '/reset-password?email=hanako%40example.com'],
    ['without an address', '/reset-password?token=tok-123'],
    ['without either', '/reset-password'],
  ])('%s: says the link is invalid and goes to login', async (_name, route) => {
    mockSession();
    renderApp(<AppRoutes />, { route });

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('エラー');
    expect(toast).toHaveTextContent('無効なリセットリンクです');
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
  });

  it('sets the new password with the token and address from the link, then links to login', async () => {
    mockSession();
    let sent: unknown;
    server.use(
      http.post(apiPaths.auth.resetPassword, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'パスワードを再設定しました' });
      }),
    );
    const { user } = renderApp(<AppRoutes />, { route: LINK });
    await user.type(await passwordField(), 'new-secret-2025');

    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));

    expect(await screen.findByRole('heading', { name: 'パスワードを再設定しました' })).toBeInTheDocument();
    expect(sent).toEqual({ token: 'tok-123', email: 'hanako@example.com', password: 'new-secret-2025' });
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('パスワードリセット完了');
    expect(toast).toHaveTextContent('新しいパスワードでログインできます');
    expect(screen.getByRole('link', { name: 'ログインへ' })).toHaveAttribute('href', '/auth/login');
  });

  it('asks for 8 characters or more before sending', async () => {
    mockSession();
    const { user } = renderApp(<AppRoutes />, { route: LINK });
    await user.type(await passwordField(), 'short');

    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));

    expect(await screen.findByText('パスワードは8文字以上で入力してください')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'パスワードを再設定しました' })).not.toBeInTheDocument();
  });

  it("shows the server's message, or the default one, when the reset fails", async () => {
    mockSession();
    server.use(
      http.post(apiPaths.auth.resetPassword, () =>
        apiError(400, 'RESET_TOKEN_INVALID', 'リセットリンクが無効か、有効期限が切れています'),
      ),
    );
    const { user } = renderApp(<AppRoutes />, { route: LINK });
    await user.type(await passwordField(), 'new-secret-2025');

    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('リセットリンクが無効か、有効期限が切れています');

    server.use(http.post(apiPaths.auth.resetPassword, () => new HttpResponse(null, { status: 500 })));
    await user.click(await screen.findByRole('button', { name: 'パスワードを再設定する' }));

    expect(await screen.findByText('パスワードリセットに失敗しました')).toBeInTheDocument();
  });
});
