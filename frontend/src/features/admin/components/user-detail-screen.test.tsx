import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { AdminLayout } from '@/features/admin/components/admin-layout';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';
import { UserDetailScreen } from '@/features/admin/components/user-detail-screen';
import { server } from '@/testing/mocks/server';
import {
  adminTicketId,
  memberId,
  mockAdmin,
  sampleAdminTicket,
  SATO,
  signInStaff,
  TANAKA,
  type MockStaff,
} from '@/testing/mocks/admin';
import {
  adminPurchaseId,
  ledgerEntryId,
  mockAdminUsers,
  sampleAdminPurchase,
  sampleLedgerEntry,
  sampleUser,
  type AdminUsers,
  type MockUser,
} from '@/testing/mocks/admin-users';
import { renderAdmin, toastSaying } from '@/testing/test-utils';

const id = memberId(1);

function setup({
  staff = SATO,
  user = sampleUser(),
  state = {},
}: { staff?: MockStaff; user?: MockUser; state?: Partial<AdminUsers> } = {}) {
  const admin = mockAdmin({
    tickets: [
      sampleAdminTicket({ id: adminTicketId(1), subject: 'クレジットが反映されない', status: 'in_progress', priority: 'high' }),
      sampleAdminTicket({ id: adminTicketId(2), subject: '別の人の問い合わせ', userId: memberId(2) }),
    ],
  });
  signInStaff(admin, staff);
  const users = mockAdminUsers(admin, { users: [user], ...state });
  return { admin, users };
}

function renderUser(userId = id) {
  return renderAdmin(
    <Routes>
      <Route path="/admin/login" element={<p>管理者ログイン</p>} />
      <Route
        path="*"
        element={
          <RequireAdminSession>
            <AdminLayout>
              <UserDetailScreen userId={userId} />
            </AdminLayout>
          </RequireAdminSession>
        }
      />
    </Routes>,
    { route: `/admin/users/${userId}` },
  );
}

const card = (name: string) => screen.findByRole('region', { name });
const ledgerRows = async () =>
  within(await screen.findByRole('table', { name: 'クレジットの履歴' })).getAllByRole('row').slice(1);
const adjustButton = () => screen.findByRole('button', { name: 'クレジットを調整' });
const dialog = () => screen.findByRole('dialog', { name: 'クレジットを調整' });

/** Opens the dialog and fills it in: 付与 or 減算, the amount, the reason. */
async function fillAdjustment(user: ReturnType<typeof renderUser>['user'], kind: '付与' | '減算', amount: string, reason: string) {
  await user.click(await adjustButton());
  const form = await dialog();
  await user.click(within(form).getByRole('button', { name: kind }));
  if (amount !== '') await user.type(within(form).getByRole('textbox', { name: /数量/ }), amount);
  if (reason !== '') await user.type(within(form).getByRole('textbox', { name: /理由/ }), reason);
  return form;
}

const stopWatching: (() => void)[] = [];

/**
 * The path of every request sent from now on. Only this listener is removed afterwards: the setup's check
 * that every request is a documented operation keeps listening.
 */
function watchRequests(): string[] {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push(new URL(request.url).pathname);
  };
  server.events.on('request:start', listener);
  stopWatching.push(() => server.events.removeListener('request:start', listener));
  return seen;
}

afterEach(() => {
  for (const stop of stopWatching.splice(0)) stop();
});

describe('a member as staff see them', () => {
  it('shows the account, the chart, the credits with the ledger, purchases, tickets and friends', async () => {
    setup();
    renderUser();

    expect(await screen.findByRole('heading', { level: 1, name: 'hoshino_mio' })).toBeInTheDocument();

    const account = await card('アカウント');
    expect(within(account).getByText('mio.hoshino@example.jp')).toBeInTheDocument();
    expect(within(account).getByText('確認済み')).toBeInTheDocument();
    expect(within(account).getByText(/^2026年2月14日$/)).toBeInTheDocument();
    expect(within(account).getByText(/^2026年11月2[78]日 \d\d:10$/)).toBeInTheDocument();
    expect(within(account).getByText('完了')).toBeInTheDocument();
    expect(within(account).getByText('登録済み')).toBeInTheDocument();
    expect(account).toHaveTextContent('生年月日・出生時刻・出生地はスタッフには表示されません');

    const chart = await card('命式');
    expect(within(chart).getByText('作成済み')).toBeInTheDocument();
    expect(within(chart).getByText('1回')).toBeInTheDocument();
    expect(within(chart).queryByRole('button', { name: '再作成' })).not.toBeInTheDocument();

    const credits = await card('クレジット');
    expect(credits).toHaveTextContent('残高 42クレジット');
    const rows = await ledgerRows();
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent))).toEqual([
      ['チャット', '−1', '42'],
      ['チャット', '−1', '43'],
      ['購入', '+30', '44'],
      ['登録特典', '+14', '14'],
    ]);
    expect(within(credits).queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();

    const purchases = await card('購入履歴');
    const purchase = await within(purchases).findByRole('listitem', { name: '30クレジット' });
    expect(within(purchase).getByText('完了')).toBeInTheDocument();
    expect(within(purchase).getByText('￥1,200（税込）')).toBeInTheDocument();
    expect(within(purchase).getByText('30クレジット', { selector: 'p' })).toBeInTheDocument();
    expect(within(purchase).getByText('cs_test_a1B2c3D4e5F6')).toBeInTheDocument();
    expect(within(purchase).getByText('pi_3QxYz0AbCdEf1234')).toBeInTheDocument();
    expect(purchase).not.toHaveTextContent('不足');

    const tickets = await card('お問い合わせ');
    const link = within(tickets).getByRole('link', { name: 'クレジットが反映されない' });
    expect(link).toHaveAttribute('href', `/admin/tickets/${adminTicketId(1)}`);
    expect(within(tickets).getByText('対応中')).toBeInTheDocument();
    expect(within(tickets).getByText('高')).toBeInTheDocument();
    expect(within(tickets).queryByText('別の人の問い合わせ')).not.toBeInTheDocument();

    expect(await card('友だち')).toHaveTextContent('3人');
    expect(screen.queryByText('現在この情報を取得できません')).not.toBeInTheDocument();
  });

  it('says when the member has left, a member without birth data or onboarding, and a refund that fell short', async () => {
    setup({
      user: sampleUser({
        member: {
          email: '',
          emailVerified: false,
          deletedAt: '2026-11-10T03:00:00Z',
          lastLogin: null,
          hasBirthData: false,
          onboardingComplete: false,
        },
        chart: null,
        purchases: [
          sampleAdminPurchase({
            id: adminPurchaseId(2),
            itemTitle: '80クレジット',
            quantity: 2,
            amount: 5600,
            creditsGranted: 160,
            creditsClawedBack: 150,
            clawbackShortfall: 10,
            status: 'refunded',
            stripeSessionId: null,
          }),
        ],
      }),
    });
    renderUser();

    expect(await screen.findByText(/^この会員は2026年11月1[01]日に退会済みです$/)).toBeInTheDocument();
    const account = await card('アカウント');
    expect(within(account).getByText('未確認')).toBeInTheDocument();
    expect(within(account).getByText('まだありません')).toBeInTheDocument();
    expect(within(account).getByText('未完了')).toBeInTheDocument();
    expect(within(account).getByText('未登録')).toBeInTheDocument();
    expect(await card('命式')).toHaveTextContent('出生データが未登録のため、命式はありません');

    const purchase = await within(await card('購入履歴')).findByRole('listitem', { name: '80クレジット × 2' });
    expect(within(purchase).getByText('返金済み')).toBeInTheDocument();
    expect(purchase).toHaveTextContent('160クレジット（返金で150クレジットを差し引き）');
    expect(purchase).toHaveTextContent('返金時に10クレジットが不足し、差し引けませんでした');
    expect(purchase).not.toHaveTextContent('Stripe セッション');
    expect(within(purchase).getByText('pi_3QxYz0AbCdEf1234')).toBeInTheDocument();
  });

  it('opens with the parts whose services did not answer saying so, and asks billing for nothing more', async () => {
    setup({ state: { down: ['fortune', 'billing', 'social', 'support'] } });
    const requests = watchRequests();
    renderUser();

    expect(await screen.findByRole('heading', { level: 1, name: 'hoshino_mio' })).toBeInTheDocument();
    expect(await card('アカウント')).toHaveTextContent('mio.hoshino@example.jp');
    for (const name of ['命式', 'クレジット', '購入履歴', 'お問い合わせ', '友だち']) {
      expect(await card(name)).toHaveTextContent('現在この情報を取得できません');
    }
    expect(screen.queryByRole('button', { name: 'クレジットを調整' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.includes('/ledger') || request.includes('/purchases'))).toEqual([]);
  });

  it('shows one unavailable part while the others are there', async () => {
    setup({ state: { down: ['social'] } });
    renderUser();

    expect(await card('友だち')).toHaveTextContent('現在この情報を取得できません');
    expect(await card('クレジット')).toHaveTextContent('残高 42クレジット');
    expect(await card('命式')).toHaveTextContent('作成済み');
  });

  it('says an unknown member was not found, with the way back to the list', async () => {
    setup();
    renderUser(memberId(99));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('アカウントが見つかりません');
    expect(within(alert).getByRole('link', { name: 'ユーザー一覧で探す' })).toHaveAttribute('href', '/admin/users');
  });

  it('asks nothing for an id that is not one', async () => {
    setup();
    const requests = watchRequests();
    renderUser('not-a-uuid');

    expect(await screen.findByRole('alert')).toHaveTextContent('会員が見つかりません');
    expect(requests.filter((request) => request.includes('/api/admin/users'))).toEqual([]);
  });

  it('reads older ledger entries with もっと見る, by the page\'s nextBefore', async () => {
    const ledger = Array.from({ length: 25 }, (_, i) =>
      sampleLedgerEntry({
        id: ledgerEntryId(100 - i),
        delta: -1,
        balanceAfter: 25 - i,
        reason: 'chat_message',
        createdAt: new Date(Date.parse('2026-11-26T12:00:00Z') - i * 3_600_000).toISOString(),
      }),
    );
    const { users } = setup({ user: sampleUser({ balance: 25, ledger }) });
    const { user } = renderUser();

    await waitFor(async () => expect(await ledgerRows()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(async () => expect(await ledgerRows()).toHaveLength(25));
    expect(users.ledgerQueries).toEqual(['', `?before=${new URLSearchParams(users.ledgerQueries[1]).get('before')}`]);
    expect(users.ledgerQueries[1]).toMatch(/^\?before=.+/);
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
  });
});

describe('adjusting credits', () => {
  it('grants credits: one request, the dialog closes, the snackbar says so, the balance and the ledger follow', async () => {
    const { users } = setup();
    const { user } = renderUser();

    const form = await fillAdjustment(user, '付与', '5', '障害のお詫びとして付与');
    expect(within(form).getByText('残高: 42 → 47クレジット')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '付与する' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastSaying('5クレジットを付与しました')).toBeInTheDocument();
    expect(users.adjustments).toEqual([
      { requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), delta: 5, reason: '障害のお詫びとして付与', userId: id },
    ]);
    await waitFor(async () => expect(await card('クレジット')).toHaveTextContent('残高 47クレジット'));
    await waitFor(async () => expect(await ledgerRows()).toHaveLength(5));
    const [top] = await ledgerRows();
    expect(top).toHaveTextContent('運営による調整');
    expect(top).toHaveTextContent('理由: 障害のお詫びとして付与（sato@meguri.example）');
    expect(top).toHaveTextContent('+5');
    expect(top).toHaveTextContent('47');
  });

  it('deducts credits, and says so', async () => {
    const { users } = setup();
    const { user } = renderUser();

    const form = await fillAdjustment(user, '減算', '3', '重複付与の取り消し');
    await user.click(within(form).getByRole('button', { name: '減算する' }));

    await waitFor(() => expect(toastSaying('3クレジットを減算しました')).toBeInTheDocument());
    expect(users.adjustments.map((body) => body.delta)).toEqual([-3]);
    await waitFor(async () => expect(await card('クレジット')).toHaveTextContent('残高 39クレジット'));
  });

  it.each([
    ['while the first is on its way, the button waiting meanwhile', 400],
    ['after the first was stored, while the dialog closes', 0],
  ])('sends one request for a double click whose second click lands %s', async (_case, adjustDelayMs) => {
    const { users } = setup({ state: { adjustDelayMs } });
    const { user } = renderUser();

    const form = await fillAdjustment(user, '付与', '5', 'お詫び');
    await user.dblClick(within(form).getByRole('button', { name: '付与する' }));
    if (adjustDelayMs > 0) expect(within(form).getByRole('button', { name: '処理中...' })).toBeDisabled();

    await waitFor(() => expect(toastSaying('5クレジットを付与しました')).toBeInTheDocument());
    expect(users.adjustments).toHaveLength(1);
    await waitFor(async () => expect(await card('クレジット')).toHaveTextContent('残高 47クレジット'));
  });

  it('sends the same requestId again after a lost answer, so the balance changes once', async () => {
    const { users } = setup({ state: { loseAnswers: 1 } });
    const { user } = renderUser();

    const form = await fillAdjustment(user, '付与', '5', 'お詫び');
    await user.click(within(form).getByRole('button', { name: '付与する' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      '調整できませんでした。もう一度お試しください（同じ内容で送り直しても二重には反映されません）',
    );
    expect(within(form).getByRole('textbox', { name: /理由/ })).toHaveValue('お詫び');

    await user.click(within(form).getByRole('button', { name: '付与する' }));
    await waitFor(() => expect(toastSaying('5クレジットを付与しました')).toBeInTheDocument());
    expect(users.adjustments).toHaveLength(2);
    const [first, second] = users.adjustments;
    expect(second?.requestId).toBe(first?.requestId);
    await waitFor(async () => expect(await card('クレジット')).toHaveTextContent('残高 47クレジット'));
    expect((await ledgerRows()).filter((row) => row.textContent?.includes('運営による調整'))).toHaveLength(1);
  });

  it('sends the same requestId again after a server error, and a new one from a new opening of the dialog', async () => {
    const { users } = setup({ state: { failAdjustments: 1 } });
    const { user } = renderUser();

    let form = await fillAdjustment(user, '付与', '5', 'お詫び');
    await user.click(within(form).getByRole('button', { name: '付与する' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('サーバーでエラーが発生しました');
    await user.click(within(form).getByRole('button', { name: '付与する' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    form = await fillAdjustment(user, '付与', '1', '追加のお詫び');
    // A new opening starts empty but for what was typed now.
    expect(within(form).getByRole('textbox', { name: /数量/ })).toHaveValue('1');
    await user.click(within(form).getByRole('button', { name: '付与する' }));
    await waitFor(() => expect(toastSaying('1クレジットを付与しました')).toBeInTheDocument());

    const ids = users.adjustments.map((body) => body.requestId);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('checks the form before sending: the reason is required and the amount is 1–100000', async () => {
    const { users } = setup();
    const { user } = renderUser();

    const form = await fillAdjustment(user, '付与', '0', '');
    await user.click(within(form).getByRole('button', { name: '付与する' }));

    expect(within(form).getByText('理由を入力してください')).toBeInTheDocument();
    expect(within(form).getByText('数量は1〜100000の整数で入力してください')).toBeInTheDocument();
    await user.click(within(form).getByRole('textbox', { name: /理由/ }));
    await user.paste('あ'.repeat(201));
    expect(within(form).getByText('201 / 200文字')).toBeInTheDocument();
    expect(within(form).getByText('理由は200文字以内で入力してください')).toBeInTheDocument();
    expect(users.adjustments).toEqual([]);
  });

  it("shows the gateway's refusal of a deduction below zero and keeps the dialog open", async () => {
    const { users } = setup();
    const { user } = renderUser();

    const form = await fillAdjustment(user, '減算', '50', '返金対応');
    expect(within(form).getByText('残高: 42 → -8クレジット')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '減算する' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('クレジットが足りません');
    expect(screen.getByRole('dialog', { name: 'クレジットを調整' })).toBeInTheDocument();
    expect(users.adjustments).toHaveLength(1);
    await user.click(within(form).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await card('クレジット')).toHaveTextContent('残高 42クレジット');
  });

  it('is not offered to a support-role account', async () => {
    setup({ staff: TANAKA });
    renderUser();

    expect(await card('クレジット')).toHaveTextContent('残高 42クレジット');
    await ledgerRows();
    expect(screen.queryByRole('button', { name: 'クレジットを調整' })).not.toBeInTheDocument();
  });
});

describe("the member's chart", () => {
  it('offers 再作成 only for a failed chart, with its tries and last error, and shows it building again after', async () => {
    const { users } = setup({
      staff: TANAKA,
      user: sampleUser({
        chart: { status: 'failed', updatedAt: '2026-11-27T05:00:00Z', attempts: 3, lastError: 'ephemeris timeout' },
      }),
    });
    const { user } = renderUser();

    const chart = await card('命式');
    expect(within(chart).getByText('失敗')).toBeInTheDocument();
    expect(within(chart).getByText('3回')).toBeInTheDocument();
    expect(within(chart).getByText('ephemeris timeout')).toBeInTheDocument();

    await user.click(within(chart).getByRole('button', { name: '再作成' }));

    await waitFor(() => expect(within(chart).getByText('準備中')).toBeInTheDocument());
    expect(users.chartRetries).toEqual([id]);
    expect(toastSaying('命式の再作成を始めました')).toBeInTheDocument();
    expect(within(chart).queryByRole('button', { name: '再作成' })).not.toBeInTheDocument();
    expect(within(chart).queryByText('ephemeris timeout')).not.toBeInTheDocument();
  });

  it.each([
    ['pending', '準備中'],
    ['generating', '作成中'],
    ['ready', '作成済み'],
  ] as const)('offers no 再作成 for a %s chart (%s)', async (status, label) => {
    setup({ user: sampleUser({ chart: { status, updatedAt: '2026-11-27T05:00:00Z', attempts: 1, lastError: null } }) });
    renderUser();

    const chart = await card('命式');
    expect(within(chart).getByText(label)).toBeInTheDocument();
    expect(within(chart).queryByRole('button', { name: '再作成' })).not.toBeInTheDocument();
  });

  it("shows the gateway's answer when the chart is no longer failed, and where it is now", async () => {
    const failed = sampleUser({
      chart: { status: 'failed', updatedAt: '2026-11-27T05:00:00Z', attempts: 3, lastError: 'ephemeris timeout' },
    });
    setup({ user: failed });
    const { user } = renderUser();
    const chart = await card('命式');
    await within(chart).findByRole('button', { name: '再作成' });

    // Another staff member retried it meanwhile and it is being built.
    failed.chart = { status: 'generating', updatedAt: '2026-11-28T05:00:00Z', attempts: 3, lastError: null };
    await user.click(within(chart).getByRole('button', { name: '再作成' }));

    expect(await within(chart).findByText('命式の作成は失敗していないため、再作成できません')).toBeInTheDocument();
    await waitFor(() => expect(within(chart).getByText('作成中')).toBeInTheDocument());
    expect(within(chart).queryByRole('button', { name: '再作成' })).not.toBeInTheDocument();
  });
});
