import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

describe('confirm e-mail change', () => {
  it('confirms once with the token and tells a signed-out visitor to log in with the new address', async () => {
    mockSession();
    const sent: unknown[] = [];
    server.use(
      http.post(apiPaths.auth.confirmEmailChange, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'メールアドレスを変更しました', email: 'new@example.com' });
      }),
    );
    renderApp(<AppRoutes />, { route: '/auth/confirm-email?token=chg-9' });

    expect(await screen.findByRole('heading', { name: 'メールアドレスを変更しました' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログインへ' })).toHaveAttribute('href', '/auth/login');
    expect(sent).toEqual([{ token: 'chg-9' }]);
  });

  it('works signed in too, and re-reads the user', async () => {
    const session = mockSession(sampleUser);
    server.use(
      http.post(apiPaths.auth.confirmEmailChange, () => {
        session.signIn({ ...sampleUser, email: 'new@example.com' });
        return HttpResponse.json({ message: 'メールアドレスを変更しました', email: 'new@example.com' });
      }),
    );
    let userReads = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === apiPaths.auth.user) userReads += 1;
    });
    renderApp(<AppRoutes />, { route: '/auth/confirm-email?token=chg-9' });

    expect(await screen.findByRole('heading', { name: 'メールアドレスを変更しました' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '設定に戻る' })).toHaveAttribute('href', '/settings');
    await expect.poll(() => userReads).toBe(2);
  });

  it("shows the server's message when the link is no good", async () => {
    mockSession();
    server.use(
      http.post(apiPaths.auth.confirmEmailChange, () =>
        apiError(400, 'EMAIL_CHANGE_TOKEN_INVALID', '確認リンクが無効か、有効期限が切れています'),
      ),
    );
    renderApp(<AppRoutes />, { route: '/auth/confirm-email?token=old' });

    expect(await screen.findByRole('heading', { name: 'メールアドレスを変更できませんでした' })).toBeInTheDocument();
    // Said on the page and in the toast.
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(2);
    for (const alert of alerts) expect(alert).toHaveTextContent('確認リンクが無効か、有効期限が切れています');
  });

  it('says the link is broken without a token, and sends nothing', async () => {
    mockSession();
    renderApp(<AppRoutes />, { route: '/auth/confirm-email' });

    expect(await screen.findByRole('heading', { name: 'メールアドレスを変更できませんでした' })).toBeInTheDocument();
    expect(screen.getByText(/無効な確認リンクです/)).toBeInTheDocument();
  });
});
