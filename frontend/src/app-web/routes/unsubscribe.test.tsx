import { StrictMode } from 'react';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

/** Serves POST /api/unsubscribe: the first use of `token` turns mentionedInDiary off, the second is refused. */
function mockUnsubscribe(token = 'tok-1') {
  const sent: unknown[] = [];
  let used = false;
  server.use(
    http.post(apiPaths.unsubscribe, async ({ request }) => {
      const body = (await request.json()) as { token?: string };
      sent.push(body);
      if (body.token !== token) return apiError(400, 'INVALID_UNSUBSCRIBE_TOKEN', '配信停止リンクが正しくないか、有効期限が切れています');
      if (used) return apiError(409, 'UNSUBSCRIBE_TOKEN_USED', 'この配信停止リンクはすでに使われています');
      used = true;
      return HttpResponse.json({ preference: 'mentionedInDiary', label: '日記でメンションされたとき' });
    }),
  );
  return sent;
}

describe('/unsubscribe', () => {
  it('turns the kind off for a signed-out visitor, once (also under StrictMode), and says which', async () => {
    mockSession();
    const sent = mockUnsubscribe();
    renderApp(
      <StrictMode>
        <AppRoutes />
      </StrictMode>,
      { route: '/unsubscribe?token=tok-1' },
    );

    expect(await screen.findByRole('heading', { name: 'メールの配信を停止しました' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('「日記でメンションされたとき」のお知らせメールは今後届きません。');
    expect(screen.getByRole('link', { name: 'ログインして設定を見る' })).toHaveAttribute('href', '/auth/login');
    expect(sent).toEqual([{ token: 'tok-1' }]);
  });

  it('works signed in too, and leads to /settings', async () => {
    mockSession(sampleUser);
    mockUnsubscribe();
    renderApp(<AppRoutes />, { route: '/unsubscribe?token=tok-1' });

    expect(await screen.findByRole('heading', { name: 'メールの配信を停止しました' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'メール通知設定を開く' })).toHaveAttribute('href', '/settings');
  });

  it("says the gateway's message for a used link", async () => {
    mockSession();
    const sent = mockUnsubscribe();
    const first = renderApp(<AppRoutes />, { route: '/unsubscribe?token=tok-1' });
    await screen.findByRole('heading', { name: 'メールの配信を停止しました' });
    first.unmount();

    renderApp(<AppRoutes />, { route: '/unsubscribe?token=tok-1' });
    expect(await screen.findByRole('heading', { name: '配信を停止できませんでした' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('この配信停止リンクはすでに使われています');
    expect(sent).toHaveLength(2);
  });

  it("says the gateway's message for a forged link", async () => {
    mockSession();
    mockUnsubscribe();
    renderApp(<AppRoutes />, { route: '/unsubscribe?token=forged' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('配信停止リンクが正しくないか、有効期限が切れています');
    expect(screen.getByRole('heading', { name: '配信を停止できませんでした' })).toBeInTheDocument();
  });

  it('asks nothing without a token', async () => {
    mockSession();
    const sent = mockUnsubscribe();
    renderApp(<AppRoutes />, { route: '/unsubscribe' });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/配信停止リンクが正しくありません。/)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
