import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { AdminLayout } from '@/features/admin/components/admin-layout';
import { DashboardScreen } from '@/features/admin/components/dashboard-screen';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';
import { apiError } from '@/testing/mocks/accounts';
import { mockAdmin, SATO, signInStaff, TANAKA } from '@/testing/mocks/admin';
import { mockDashboard, sampleDashboard } from '@/testing/mocks/admin-ops';
import { server } from '@/testing/mocks/server';
import { renderAdmin } from '@/testing/test-utils';

/** The dashboard as the admin build shows it: inside the guard and the shell. */
function renderDashboard() {
  return renderAdmin(
    <Routes>
      <Route path="/admin/login" element={<p>管理者ログイン</p>} />
      <Route
        path="*"
        element={
          <RequireAdminSession>
            <AdminLayout>
              <DashboardScreen />
            </AdminLayout>
          </RequireAdminSession>
        }
      />
    </Routes>,
    { route: '/admin/dashboard' },
  );
}

/** The card titled `title`. */
const card = (title: string) => screen.findByRole('region', { name: title });

describe('the dashboard', () => {
  it("shows every figure of today, the Japan day and the time it was read, with the gateway's token", async () => {
    const admin = mockAdmin();
    const session = signInStaff(admin, TANAKA);
    const dashboard = mockDashboard(admin);
    renderDashboard();

    const members = await card('会員数');
    expect(within(members).getByText('1,234人')).toBeInTheDocument();
    expect(within(members).getByText('本日の新規 12人')).toBeInTheDocument();
    // 1016 / 1234 = 82.33…%
    const verified = await card('メール認証率');
    expect(within(verified).getByText('82.3%')).toBeInTheDocument();
    expect(within(verified).getByText('認証済み 1,016人 / 1,234人')).toBeInTheDocument();
    expect(within(await card('命式の作成失敗')).getByText('3件')).toBeInTheDocument();
    expect(within(await card('未完了のお問い合わせ')).getByText('16件')).toBeInTheDocument();
    expect(within(await card('本日のメール送信失敗')).getByText('0件')).toBeInTheDocument();
    const purchases = await card('本日の購入');
    expect(within(purchases).getByText('5件')).toBeInTheDocument();
    expect(within(purchases).getByText('合計 ￥12,800')).toBeInTheDocument();

    // asOf 05:05 UTC is 14:05 in Japan, whatever the device's zone.
    expect(screen.getByText('2026年11月29日（日本時間）・2026年11月29日 14:05 時点')).toBeInTheDocument();
    expect(screen.queryByText('取得できません')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(dashboard.requests).toBe(1);
    expect(admin.authorizations.at(-1)).toBe(`Bearer ${session.token}`);
  });

  it("rounds the verified members' share to one decimal, and shows a dash when there are no members", async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    // 2 / 3 = 66.666…% → 66.7%
    const dashboard = mockDashboard(admin, sampleDashboard({ members: { total: 3, newToday: 0, verified: 2 } }));
    const { user } = renderDashboard();
    expect(within(await card('メール認証率')).getByText('66.7%')).toBeInTheDocument();

    dashboard.dashboard = sampleDashboard({ members: { total: 0, newToday: 0, verified: 0 } });
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'メール認証率' })).getByText('—')).toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: '会員数' })).getByText('0人')).toBeInTheDocument();
  });

  it('links each priority of the open tickets to the inbox filtered by it', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    const { user, location } = renderDashboard();

    const tickets = await card('未完了のお問い合わせ');
    const links = within(tickets).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['緊急 1件', '/admin/tickets?priority=urgent'],
      ['高 2件', '/admin/tickets?priority=high'],
      ['通常 9件', '/admin/tickets?priority=normal'],
      ['低 4件', '/admin/tickets?priority=low'],
    ]);
    await user.click(within(tickets).getByRole('link', { name: '緊急 1件' }));
    expect(location.current).toBe('/admin/tickets?priority=urgent');
  });

  it('says 取得できません in the card of each figure whose service did not answer, and shows the rest', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(
      admin,
      sampleDashboard({ ticketsOpen: null, mailsFailedToday: null, purchasesToday: null, unavailable: ['support', 'notify', 'billing'] }),
    );
    renderDashboard();

    for (const title of ['未完了のお問い合わせ', '本日のメール送信失敗', '本日の購入']) {
      const region = await card(title);
      expect(within(region).getByText('取得できません')).toBeInTheDocument();
      expect(within(region).queryByRole('link')).not.toBeInTheDocument();
    }
    expect(within(await card('会員数')).getByText('1,234人')).toBeInTheDocument();
    expect(within(await card('命式の作成失敗')).getByText('3件')).toBeInTheDocument();
    expect(screen.getByText(/取得できない数値があります（support・notify・billing）/)).toBeInTheDocument();
  });

  it('blanks both member figures when identity does not answer', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin, sampleDashboard({ members: null, chartsFailed: null, unavailable: ['identity', 'fortune'] }));
    renderDashboard();

    expect(within(await card('会員数')).getByText('取得できません')).toBeInTheDocument();
    expect(within(await card('メール認証率')).getByText('取得できません')).toBeInTheDocument();
    expect(within(await card('命式の作成失敗')).getByText('取得できません')).toBeInTheDocument();
    expect(within(await card('本日の購入')).getByText('5件')).toBeInTheDocument();
  });

  it('reads the figures again with 再読み込み', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    const dashboard = mockDashboard(admin);
    const { user } = renderDashboard();
    expect(within(await card('本日の購入')).getByText('5件')).toBeInTheDocument();

    dashboard.dashboard = sampleDashboard({
      asOf: '2026-11-29T05:20:00Z',
      purchasesToday: { count: 6, amountYen: 1_234_500 },
      mailsFailedToday: 2,
    });
    await user.click(screen.getByRole('button', { name: '再読み込み' }));

    await waitFor(() => expect(within(screen.getByRole('region', { name: '本日の購入' })).getByText('6件')).toBeInTheDocument());
    expect(screen.getByText('合計 ￥1,234,500')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '本日のメール送信失敗' })).getByText('2件')).toBeInTheDocument();
    expect(screen.getByText(/14:20 時点$/)).toBeInTheDocument();
    expect(dashboard.requests).toBe(2);
  });

  it("shows the gateway's refusal with a way to try again", async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    server.use(
      http.get('/api/admin/dashboard', () => apiError(503, 'SERVICE_UNAVAILABLE', '一時的に利用できません'), { once: true }),
    );
    const { user } = renderDashboard();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('一時的に利用できません');
    await user.click(within(alert).getByRole('button', { name: 'もう一度読み込む' }));
    expect(within(await card('会員数')).getByText('1,234人')).toBeInTheDocument();
  });
});
