import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const emailField = () => screen.findByLabelText(/^メールアドレス/, { selector: 'input' });

describe('forgot password', () => {
  it('sends the address, shows the sent view, and returns to the form to resend', async () => {
    mockSession();
    const sent: unknown[] = [];
    server.use(
      http.post(apiPaths.auth.forgotPassword, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'パスワードリセットのリンクをメールでお送りしました' });
      }),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/auth/forgot-password' });
    await user.type(await emailField(), 'hanako@example.com');

    await user.click(screen.getByRole('button', { name: '再設定リンクを送信' }));

    expect(await screen.findByRole('heading', { name: 'メールを送信しました' })).toBeInTheDocument();
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('メール送信完了');
    expect(toast).toHaveTextContent('パスワードリセットのリンクをメールでお送りしました');
    expect(screen.getByRole('link', { name: 'ログイン画面に戻る' })).toHaveAttribute('href', '/auth/login');
    expect(sent).toEqual([{ email: 'hanako@example.com' }]);

    await user.click(screen.getByRole('button', { name: 'もう一度送信する' }));

    expect(await emailField()).toHaveValue('hanako@example.com');
    await user.click(screen.getByRole('button', { name: '再設定リンクを送信' }));
    await screen.findByRole('heading', { name: 'メールを送信しました' });
    expect(sent).toHaveLength(2);
  });

  it("shows the server's message, or the default one, when the request fails", async () => {
    mockSession();
    server.use(
      http.post(apiPaths.auth.forgotPassword, () =>
        apiError(429, 'RATE_LIMITED', 'しばらくしてからお試しください'),
      ),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/auth/forgot-password' });
    await user.type(await emailField(), 'hanako@example.com');

    await user.click(screen.getByRole('button', { name: '再設定リンクを送信' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('エラー');
    expect(toast).toHaveTextContent('しばらくしてからお試しください');

    server.use(http.post(apiPaths.auth.forgotPassword, () => HttpResponse.error()));
    // The button names itself again once the failed request has settled.
    await user.click(await screen.findByRole('button', { name: '再設定リンクを送信' }));

    expect(await screen.findByText('リクエストの処理に失敗しました')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'パスワードをお忘れの方' })).toBeInTheDocument();
  });
});
