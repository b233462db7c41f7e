import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths, paths } from '@/config/paths';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp, toastSaying } from '@/testing/test-utils';

async function fillLogin(user: ReturnType<typeof renderApp>['user'], email = 'hanako@example.com', password = 'correct horse') {
  await user.type(await screen.findByLabelText(/^メールアドレス/, { selector: 'input' }), email);
  await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), password);
}

describe('login', () => {
  it('links to the forgot-password and signup screens', async () => {
    mockSession();
    renderApp(<AppRoutes />, { route: '/auth/login' });

    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'パスワードをお忘れの方' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByRole('link', { name: '新規登録' })).toHaveAttribute('href', '/auth/signup');
  });

  it("shows 'ログイン中...' while pending, then refreshes the user, goes home and greets", async () => {
    const session = mockSession();
    let sent: unknown;
    server.use(
      http.post(apiPaths.auth.login, async ({ request }) => {
        sent = await request.json();
        await delay(150);
        session.signIn();
        return HttpResponse.json(sampleUser);
      }),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/auth/login' });
    await fillLogin(user);

    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    expect(await screen.findByRole('button', { name: 'ログイン中...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: '今日の運勢' })).toBeInTheDocument();
    expect(sent).toEqual({ email: 'hanako@example.com', password: 'correct horse' });
    const toast = toastSaying('ログイン成功');
    expect(toast).toHaveTextContent('あなたの輝く未来へ出発だ');
  });

  it('goes back to the page of the app that sent the visitor (?next=), never elsewhere', async () => {
    const session = mockSession();
    server.use(
      http.post(apiPaths.auth.login, () => {
        session.signIn();
        return HttpResponse.json(sampleUser);
      }),
    );
    const first = renderApp(<AppRoutes />, { route: paths.auth.loginThen(paths.about) });
    await fillLogin(first.user);
    await first.user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('heading', { name: '巡りについて', level: 1 })).toBeInTheDocument();
    first.unmount();

    session.signOut();
    const second = renderApp(<AppRoutes />, { route: '/auth/login?next=%2F%2Fevil.example%2F' });
    await fillLogin(second.user);
    await second.user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('heading', { name: '今日の運勢' })).toBeInTheDocument();
  });

  it("shows the server's message in an error toast", async () => {
    mockSession();
    server.use(
      http.post(apiPaths.auth.login, () =>
        apiError(401, 'INVALID_CREDENTIALS', 'メールアドレスまたはパスワードが正しくありません'),
      ),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/auth/login' });
    await fillLogin(user);

    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('ログインエラー');
    expect(toast).toHaveTextContent('メールアドレスまたはパスワードが正しくありません');
    expect(screen.getByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeEnabled();
  });

  it('falls back to a default message when the failure has none', async () => {
    mockSession();
    server.use(http.post(apiPaths.auth.login, () => new HttpResponse('Bad Gateway', { status: 502 })));
    const { user } = renderApp(<AppRoutes />, { route: '/auth/login' });
    await fillLogin(user);

    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('ログインに失敗しました');
  });

  it('offers the verify screen for an address that is not verified yet', async () => {
    mockSession();
    server.use(
      http.post(apiPaths.auth.login, () =>
        apiError(403, 'EMAIL_NOT_VERIFIED', 'メールアドレスの認証が完了していません'),
      ),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/auth/login' });
    await fillLogin(user, 'taro+new@example.com');

    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    const notice = await screen.findByText('メールアドレスの認証が完了していません', { selector: '.MuiAlert-message' });
    const container = notice.closest('.MuiAlert-root') as HTMLElement;
    const link = within(container).getByRole('link', { name: 'メール認証へ進む' });
    expect(link).toHaveAttribute('href', '/auth/verify?email=taro%2Bnew%40example.com');

    await user.click(link);

    expect(await screen.findByRole('heading', { name: 'メール認証' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^メールアドレス/, { selector: 'input' })).toHaveValue('taro+new@example.com');
  });

  it('checks the address before sending anything', async () => {
    mockSession();
    const { user } = renderApp(<AppRoutes />, { route: '/auth/login' });
    await fillLogin(user, 'not-an-address');

    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    expect(await screen.findByText('正しいメールアドレスを入力してください')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
