import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AdminRoutes } from '@/app-admin/router';
import { getAdminSession } from '@/features/admin/stores/admin-session';
import {
  adminMessageId,
  adminTicketId,
  memberId,
  mockAdmin,
  sampleAdminMessage,
  sampleAdminTicket,
  sampleInbox,
  sampleMember,
  SATO,
  signInStaff,
  SUZUKI,
  TANAKA,
} from '@/testing/mocks/admin';
import { mockAudit, mockDashboard } from '@/testing/mocks/admin-ops';
import { renderAdmin } from '@/testing/test-utils';

const EXPIRED_NOTICE = 'セッションの有効期限が切れました。もう一度ログインしてください';

const loginForm = () => screen.findByRole('form', { name: '管理者ログイン' });

async function signIn(user: ReturnType<typeof renderAdmin>['user'], email: string, password: string) {
  const form = await loginForm();
  await user.type(within(form).getByRole('textbox', { name: /メールアドレス/ }), email);
  await user.type(within(form).getByLabelText(/パスワード/, { selector: 'input' }), password);
  await user.click(within(form).getByRole('button', { name: 'ログイン' }));
}

describe('staff sign-in', () => {
  it('sends a signed-out visitor to the login and, signed in, back to the page they asked for', async () => {
    const admin = mockAdmin(sampleInbox(3));
    const { user, location } = renderAdmin(<AdminRoutes />, { route: '/admin/tickets?status=open' });

    await loginForm();
    expect(location.current).toBe('/admin/login?next=%2Fadmin%2Ftickets%3Fstatus%3Dopen');
    expect(screen.queryByText(EXPIRED_NOTICE)).not.toBeInTheDocument();

    await signIn(user, 'sato@meguri.example', 'hoshizora-2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeInTheDocument();
    expect(location.current).toBe('/admin/tickets?status=open');
    // The token is kept for this tab only, and sent as a bearer token; the sign-in itself carried none.
    const session = getAdminSession();
    expect(session?.admin).toEqual({ id: SATO.id, email: SATO.email, role: 'admin' });
    expect(Object.values(sessionStorage).join()).toContain(session?.token);
    expect(Object.values(localStorage).join()).not.toContain(session?.token);
    await waitFor(() => expect(admin.listQueries).toEqual(['?status=open&limit=25']));
    expect(admin.authorizations[0]).toBeNull();
    expect(admin.authorizations.slice(1).every((header) => header === `Bearer ${session?.token}`)).toBe(true);
  });

  it('goes to the dashboard when nothing sent the visitor, and never to a page outside the admin build', async () => {
    mockDashboard(mockAdmin());
    const { user, location } = renderAdmin(<AdminRoutes />, { route: '/admin/login?next=%2F%2Fevil.example%2Fadmin' });

    await signIn(user, 'tanaka@meguri.example', 'tsukiyo-2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeInTheDocument();
    expect(location.current).toBe('/admin/dashboard');
  });

  it.each([
    ['a wrong password', {}, 'sato@meguri.example', 'wrong-password', 'メールアドレスまたはパスワードが正しくありません'],
    ['a deactivated account', {}, SUZUKI.email, SUZUKI.password, 'この管理者アカウントは無効になっています'],
    [
      'too many attempts',
      { rateLimited: true },
      'sato@meguri.example',
      'hoshizora-2026',
      'ログインの試行回数が多すぎます。しばらくしてから再度お試しください（約5分後にお試しいただけます）',
    ],
    ['the admin area switched off', { disabled: true }, 'sato@meguri.example', 'hoshizora-2026', '管理画面へのログインは現在利用できません'],
  ])('shows the refusal for %s in Japanese and stays on the form', async (_case, state, email, password, message) => {
    mockAdmin(state);
    const { user, location } = renderAdmin(<AdminRoutes />, { route: '/admin/login' });

    await signIn(user, email, password);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(location.current).toBe('/admin/login');
    expect(getAdminSession()).toBeNull();
    // The form can be sent again.
    expect(screen.getByRole('button', { name: 'ログイン' })).toBeEnabled();
  });

  it('sends a signed-in staff member from the login on to the dashboard', async () => {
    const admin = mockAdmin();
    mockDashboard(admin);
    signInStaff(admin, TANAKA);
    const { location } = renderAdmin(<AdminRoutes />, { route: '/admin/login' });

    expect(await screen.findByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeInTheDocument();
    expect(location.current).toBe('/admin/dashboard');
  });
});

describe('the admin shell', () => {
  it("shows who is signed in, the session's time left, and the navigation to every screen", async () => {
    const admin = mockAdmin();
    mockDashboard(admin);
    mockAudit(admin);
    signInStaff(admin, TANAKA, 12 * 60_000);
    const { user, location } = renderAdmin(<AdminRoutes />, { route: '/admin/dashboard' });

    expect(await screen.findByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeInTheDocument();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByText('tanaka@meguri.example')).toBeInTheDocument();
    expect(within(bar).getByText('サポート')).toBeInTheDocument();
    expect(within(bar).getByText('セッション残り 12分')).toBeInTheDocument();

    // Below md the navigation is a menu behind the app bar's button.
    await user.click(screen.getByRole('button', { name: 'メニューを開く' }));
    const menu = await screen.findByRole('presentation');
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['ダッシュボード', 'ユーザー', 'お問い合わせ', '監査ログ', 'スタッフ']);
    await user.click(within(menu).getByRole('link', { name: '監査ログ' }));
    expect(await screen.findByRole('heading', { level: 1, name: '監査ログ' })).toBeInTheDocument();
    expect(location.current).toBe('/admin/audit-log');
  });

  it('signs out: the token is revoked and dropped, and the login shows no notice', async () => {
    const admin = mockAdmin();
    mockDashboard(admin);
    const session = signInStaff(admin, SATO);
    sessionStorage.setItem('meguri:admin-draft:x', JSON.stringify({ body: '書きかけ', internal: false }));
    const { user, location } = renderAdmin(<AdminRoutes />, { route: '/admin/dashboard' });

    await user.click(await screen.findByRole('button', { name: 'ログアウト' }));

    await loginForm();
    expect(location.current).toBe('/admin/login');
    expect(screen.queryByText(EXPIRED_NOTICE)).not.toBeInTheDocument();
    expect(getAdminSession()).toBeNull();
    await waitFor(() => expect(admin.loggedOut).toEqual([session.token]));
    expect(sessionStorage.getItem('meguri:admin-draft:x')).toBeNull();
  });
});

describe('a session that ends', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns a few minutes before, and at expiry leads cleanly to the login with the notice and back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const admin = mockAdmin(sampleInbox(3));
    signInStaff(admin, SATO, 5 * 60_000);
    const { user, location } = renderAdmin(<AdminRoutes />, { route: '/admin/tickets?assignee=me' });

    expect(await screen.findByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeInTheDocument();
    expect(screen.getByText('セッション残り 5分')).toBeInTheDocument();
    expect(screen.queryByText(/まもなくセッションの有効期限が切れます/)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000 + 1000));
    expect(screen.getByText('セッション残り 3分')).toBeInTheDocument();
    expect(screen.getByText(/まもなくセッションの有効期限が切れます/)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));
    expect(await screen.findByText(EXPIRED_NOTICE)).toBeInTheDocument();
    expect(location.current).toBe('/admin/login?next=%2Fadmin%2Ftickets%3Fassignee%3Dme');
    expect(screen.queryByRole('heading', { name: 'お問い合わせ' })).not.toBeInTheDocument();
    expect(getAdminSession()).toBeNull();
    vi.useRealTimers();

    await signIn(user, 'sato@meguri.example', 'hoshizora-2026');
    expect(await screen.findByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeInTheDocument();
    expect(location.current).toBe('/admin/tickets?assignee=me');
    expect(screen.queryByText(EXPIRED_NOTICE)).not.toBeInTheDocument();
  });

  it('leads to the login with the notice when any call answers 401 (a revoked token or a deactivated account)', async () => {
    const admin = mockAdmin(sampleInbox(3));
    signInStaff(admin, SATO);
    admin.tokens.clear();
    const { location } = renderAdmin(<AdminRoutes />, { route: '/admin/tickets?priority=high' });

    expect(await screen.findByText(EXPIRED_NOTICE)).toBeInTheDocument();
    expect(location.current).toBe('/admin/login?next=%2Fadmin%2Ftickets%3Fpriority%3Dhigh');
    expect(getAdminSession()).toBeNull();
  });

  it('keeps the reply being written through the sign-in that a 401 on a ticket leads to', async () => {
    const admin = mockAdmin({
      tickets: [sampleAdminTicket({ id: adminTicketId(1), subject: 'ログインできません' })],
      members: [sampleMember({ id: memberId(1) })],
      messages: [sampleAdminMessage({ id: adminMessageId(1), ticketId: adminTicketId(1), body: 'パスワードを変えてから入れません。' })],
    });
    signInStaff(admin, TANAKA);
    const { user, location } = renderAdmin(<AdminRoutes />, { route: `/admin/tickets/${adminTicketId(1)}` });
    await user.type(await screen.findByRole('textbox', { name: /^返信内容/ }), 'お手数ですが、');

    admin.tokens.clear();
    await user.click(screen.getByRole('button', { name: '自分に割り当てる' }));
    expect(await screen.findByText(EXPIRED_NOTICE)).toBeInTheDocument();

    await signIn(user, 'tanaka@meguri.example', 'tsukiyo-2026');
    expect(await screen.findByRole('heading', { level: 1, name: 'ログインできません' })).toBeInTheDocument();
    expect(location.current).toBe(`/admin/tickets/${adminTicketId(1)}`);
    expect(screen.getByRole('textbox', { name: /^返信内容/ })).toHaveValue('お手数ですが、');
  });

  it('does the same for a stored session whose time has already run out', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO, -1000);
    const { location } = renderAdmin(<AdminRoutes />, { route: '/admin/users' });

    expect(await screen.findByText(EXPIRED_NOTICE)).toBeInTheDocument();
    expect(location.current).toBe('/admin/login?next=%2Fadmin%2Fusers');
    expect(screen.queryByRole('heading', { name: 'ユーザー' })).not.toBeInTheDocument();
  });
});
