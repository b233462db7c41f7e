import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { mockShop } from '@/testing/mocks/shop';
import { members, mockSocial } from '@/testing/mocks/social';
import { renderApp } from '@/testing/test-utils';

function signIn() {
  server.use(http.get(apiPaths.auth.user, () => HttpResponse.json(sampleUser)));
}

describe('routes', () => {
  it('shows a full-screen spinner while the sign-in state loads', async () => {
    renderApp(<AppRoutes />, { route: '/' });

    expect(screen.getByRole('progressbar', { name: '読み込み中' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '生年月日を入力' })).toBeInTheDocument();
  });

  it('shows the landing page at / to a signed-out visitor', async () => {
    renderApp(<AppRoutes />, { route: '/' });

    expect(await screen.findByRole('heading', { name: '生年月日を入力' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログイン / 登録' })).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('heading', { name: '今日の運勢' })).not.toBeInTheDocument();
  });

  it('shows home at / to a signed-in user', async () => {
    signIn();
    renderApp(<AppRoutes />, { route: '/' });

    expect(await screen.findByRole('heading', { name: '今日の運勢' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '生年月日を入力' })).not.toBeInTheDocument();
  });

  it('treats a failing current-user call as signed out', async () => {
    server.use(http.get(apiPaths.auth.user, () => new HttpResponse(null, { status: 500 })));
    renderApp(<AppRoutes />, { route: '/' });

    expect(await screen.findByRole('heading', { name: '生年月日を入力' })).toBeInTheDocument();
  });

  it.each(['/no-such-page', '/auth/unknown'])('shows the 404 page at %s', async (route) => {
    renderApp(<AppRoutes />, { route });

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it.each(['/chat', '/friends', `/friends/0193d1a2-7c1e-7000-8000-00000000000a`])(
    'keeps the app screen %s from signed-out visitors',
    async (route) => {
      renderApp(<AppRoutes />, { route });

      expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    },
  );

  it('keeps the signup screen from signed-in users', async () => {
    signIn();
    renderApp(<AppRoutes />, { route: '/auth/signup' });

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it.each([
    ['/chat', 'チャット'],
    ['/shop', 'ショップ'],
    ['/auth/login', 'ログイン'],
    ['/invite/u-1', 'ユーザーが見つかりませんでした'],
    [`/invite/${members.taro.userId}`, '太郎さんからの招待'],
    ['/friends', 'フレンド'],
    [`/friends/${members.taro.userId}`, '太郎さんとの相性'],
  ])('shows a signed-in user %s', async (route, title) => {
    signIn();
    mockSocial();
    mockShop();
    renderApp(<AppRoutes />, { route });

    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  it.each([
    ['/auth/signup', '新規登録'],
    ['/about', '巡りについて'],
    ['/invite/u-1', 'ユーザーが見つかりませんでした'],
    [`/invite/${members.taro.userId}`, '太郎さんからの招待'],
    ['/account-deleted', 'アカウントを削除しました'],
    ['/support/reply/abc', 'このリンクは使えません'],
  ])('shows a signed-out visitor %s', async (route, title) => {
    mockSocial();
    renderApp(<AppRoutes />, { route });

    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  describe('the about page (spec §2: a link target from home)', () => {
    it('is open to a signed-in member, whose header and closing button lead home', async () => {
      signIn();
      renderApp(<AppRoutes />, { route: '/about' });

      expect(await screen.findByRole('heading', { name: '巡りについて', level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).not.toBeInTheDocument();
      const header = screen.getByRole('banner');
      expect(within(header).getByRole('link', { name: 'マイページ' })).toHaveAttribute('href', '/home');
      expect(within(header).getByRole('link', { name: '巡りについて' })).toHaveAttribute('aria-current', 'page');
      const main = screen.getByRole('main');
      expect(within(main).getByRole('link', { name: 'マイページへ' })).toHaveAttribute('href', '/home');
      expect(within(main).queryByRole('link', { name: '無料で登録する' })).not.toBeInTheDocument();
    });

    it('is reached from a member\'s home, and home is reached again from its header', async () => {
      signIn();
      const { user } = renderApp(<AppRoutes />, { route: '/' });

      await screen.findByRole('heading', { name: '今日の運勢' });
      await user.click(screen.getByRole('link', { name: '巡りについて' }));
      expect(await screen.findByRole('heading', { name: '巡りについて', level: 1 })).toBeInTheDocument();

      await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'マイページ' }));
      expect(await screen.findByRole('heading', { name: '今日の運勢' })).toBeInTheDocument();
    });

    it('is reached from the landing header by a signed-out visitor, whose closing button leads to signup', async () => {
      const { user } = renderApp(<AppRoutes />, { route: '/' });

      await screen.findByRole('heading', { name: '生年月日を入力' });
      const header = screen.getByRole('banner');
      expect(within(header).getByRole('link', { name: '巡りについて' })).not.toHaveAttribute('aria-current');
      await user.click(within(header).getByRole('link', { name: '巡りについて' }));

      expect(await screen.findByRole('heading', { name: '巡りについて', level: 1 })).toBeInTheDocument();
      expect(within(screen.getByRole('banner')).getByRole('link', { name: 'ログイン / 登録' })).toHaveAttribute('href', '/auth/login');
      expect(within(screen.getByRole('main')).getByRole('link', { name: '無料で登録する' })).toHaveAttribute('href', '/auth/signup');
    });
  });

  it('fetches the current user once, however often the screen changes', async () => {
    let userCalls = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === apiPaths.auth.user) userCalls += 1;
    });
    signIn();
    const { user } = renderApp(<AppRoutes />, { route: '/chat' });

    expect(await screen.findByRole('heading', { name: 'チャット' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    await user.click(within(nav).getByRole('link', { name: 'ホーム' }));
    expect(await screen.findByRole('heading', { name: '今日の運勢' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'チャット' }));
    expect(await screen.findByRole('heading', { name: 'チャット' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'ホーム' }));

    expect(await screen.findByRole('heading', { name: '今日の運勢' })).toBeInTheDocument();
    expect(userCalls).toBe(1);
  });

  it('sends a signed-out visit to /home back to the landing page with a notice', async () => {
    renderApp(<AppRoutes />, { route: '/home' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Unauthorized');
    expect(await screen.findByRole('heading', { name: '生年月日を入力' })).toBeInTheDocument();
  });
});
