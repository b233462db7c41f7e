import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { mockShop, samplePurchase } from '@/testing/mocks/shop';
import { renderApp } from '@/testing/test-utils';

afterEach(() => server.events.removeAllListeners());

const purchases = [
  samplePurchase({
    id: '0193d1a2-7c1e-7000-8000-0000000000f3',
    itemTitle: '10クレジット',
    amount: 960,
    quantity: 2,
    status: 'pending',
    creditsGranted: 0,
    createdAt: '2026-11-25T09:05:00Z',
    completedAt: null,
  }),
  samplePurchase({
    id: '0193d1a2-7c1e-7000-8000-0000000000f2',
    itemTitle: '80クレジット',
    amount: 2800,
    status: 'refunded',
    creditsGranted: 80,
    creditsClawedBack: 50,
    createdAt: '2026-11-22T01:00:00Z',
  }),
  samplePurchase({ createdAt: '2026-11-20T01:00:00Z' }),
];

const ledger = [
  { id: 'l-4', delta: -1, balanceAfter: 32, reason: 'chat_message', createdAt: '2026-11-21T03:00:00Z' },
  { id: 'l-3', delta: 30, balanceAfter: 33, reason: 'purchase', createdAt: '2026-11-20T01:01:00Z' },
  { id: 'l-1', delta: 3, balanceAfter: 3, reason: 'signup_bonus', createdAt: '2026-11-01T00:00:00Z' },
];

describe('/purchase-history', () => {
  it('lists each purchase with its date, pack, amount, credits and status in Japanese', async () => {
    mockSession(sampleUser);
    mockShop({ purchases, balance: 32, ledger });
    renderApp(<AppRoutes />, { route: '/purchase-history' });

    expect(await screen.findByRole('heading', { name: '購入履歴', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '購入の一覧' });
    const [pending, refunded, completed] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(pending as HTMLElement).getByRole('heading', { name: '10クレジット × 2' })).toBeInTheDocument();
    expect(pending).toHaveTextContent('処理中');
    expect(pending).toHaveTextContent('￥960（税込）');
    expect(pending).toHaveTextContent('クレジットは決済の確認後に追加されます');
    expect(refunded).toHaveTextContent('返金済み');
    expect(refunded).toHaveTextContent('80クレジット（返金で50クレジットを差し引き）');
    expect(completed).toHaveTextContent('30クレジット');
    expect(completed).toHaveTextContent('完了');
    expect(completed).toHaveTextContent('￥1,200（税込）');
    // Dates in Japanese, in the browser's zone (the tests run in whatever zone the machine has).
    const time = within(completed as HTMLElement).getByText(/^2026年11月2\d日 \d\d:\d\d$/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-20T01:00:00Z');
  });

  it('shows the ledger that explains the balance: date, reason, ±credits and the balance after', async () => {
    mockSession(sampleUser);
    mockShop({ purchases, balance: 32, ledger });
    renderApp(<AppRoutes />, { route: '/purchase-history' });

    const section = await screen.findByRole('region', { name: 'クレジットの履歴' });
    expect(await within(section).findByTestId('ledger-balance')).toHaveTextContent('現在の残高 32クレジット');
    const table = within(section).getByRole('table', { name: 'クレジットの履歴' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['日時', '内容', '増減', '残高']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) =>
      within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['チャット', '−1', '32'],
      ['購入', '+30', '33'],
      ['登録特典', '+3', '3'],
    ]);
  });

  it('says so when nothing has been bought yet and links to the shop', async () => {
    mockSession(sampleUser);
    mockShop();
    renderApp(<AppRoutes />, { route: '/purchase-history' });

    const section = await screen.findByRole('region', { name: '購入' });
    expect(await within(section).findByText(/まだ購入はありません。/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'ショップ' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'ショップへ戻る' })).toHaveAttribute('href', '/shop');
  });

  it('keeps the ledger when the purchase list cannot be read, and offers to read it again', async () => {
    mockSession(sampleUser);
    mockShop({ ledger });
    server.use(http.get('/api/purchases', () => apiError(503, 'SERVICE_UNAVAILABLE', 'しばらくしてからお試しください')));
    renderApp(<AppRoutes />, { route: '/purchase-history' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('購入履歴を読み込めませんでした。');
    expect(within(alert).getByRole('button', { name: 'もう一度読み込む' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'クレジットの履歴' })).toBeInTheDocument();
  });
});
