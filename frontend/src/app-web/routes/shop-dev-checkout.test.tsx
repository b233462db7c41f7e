import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { mockShop, sampleCatalogue, samplePurchase } from '@/testing/mocks/shop';
import { renderApp } from '@/testing/test-utils';

const ID = '0193d1a2-7c1e-7000-8000-0000000000f1';
const pending = samplePurchase({ id: ID, quantity: 2, amount: 2400, status: 'pending', creditsGranted: 0, completedAt: null });

afterEach(() => server.events.removeAllListeners());

function renderDevCheckout(shop: Parameters<typeof mockShop>[0] = {}) {
  mockSession(sampleUser);
  const mocked = mockShop({ purchases: [{ ...pending }], ...shop });
  return { ...mocked, ...renderApp(<AppRoutes />, { route: `/shop/dev-checkout/${ID}` }) };
}

describe('/shop/dev-checkout/{purchaseId}', () => {
  it('is clearly labelled as not a real payment and shows the pack, the quantity and the amount', async () => {
    renderDevCheckout();

    expect(await screen.findByRole('heading', { name: '開発用の決済', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('実際の支払いは行われず');
    const summary = await screen.findByRole('region', { name: 'ご購入内容' });
    expect(summary).toHaveTextContent('30クレジット');
    expect(summary).toHaveTextContent('数量2');
    expect(summary).toHaveTextContent('￥2,400（税込）');
  });

  it('pays: the purchase completes and the shop says so with the credits', async () => {
    const { user, state } = renderDevCheckout();

    await user.click(await screen.findByRole('button', { name: '支払う（テスト）' }));

    expect(await screen.findByText('購入が完了しました')).toBeInTheDocument();
    expect(screen.getByText('60クレジットが追加されました。')).toBeInTheDocument();
    expect(state.purchases[0]?.status).toBe('completed');
    expect(state.balance).toBe(63);
  });

  it('cancels: nothing is granted and the shop says the purchase was cancelled', async () => {
    const { user, state } = renderDevCheckout();

    await user.click(await screen.findByRole('button', { name: 'キャンセル' }));

    expect(await screen.findByText('購入をキャンセルしました')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'ショップ', level: 1 })).toBeInTheDocument();
    expect(state.purchases[0]?.status).toBe('canceled');
    expect(state.balance).toBe(3);
  });

  it('offers no second payment for a purchase that is no longer pending', async () => {
    renderDevCheckout({ purchases: [samplePurchase({ id: ID })] });

    expect(await screen.findByText('この購入は「完了」です。もう一度支払うことはできません。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '支払う（テスト）' })).not.toBeInTheDocument();
  });

  it("says the page is unavailable when payments go through Stripe", async () => {
    renderDevCheckout({ catalogue: { ...sampleCatalogue, devCheckout: false } });

    expect(await screen.findByText('この決済ページは利用できません')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '支払う（テスト）' })).not.toBeInTheDocument();
  });

  it('stays on the page with a toast when the payment fails, and can be tried again', async () => {
    const { user } = renderDevCheckout();
    let fail = true;
    server.use(
      http.post('/api/shop/dev-checkout/:purchaseId', () =>
        fail ? apiError(503, 'SERVICE_UNAVAILABLE', 'しばらくしてからお試しください') : undefined,
      ),
    );

    const pay = await screen.findByRole('button', { name: '支払う（テスト）' });
    await user.click(pay);
    const message = await screen.findByText('しばらくしてからお試しください');
    expect(message.closest('[role="alert"]')).toHaveTextContent('決済エラー');
    await waitFor(() => expect(pay).toBeEnabled());
    fail = false;
    await user.click(pay);
    expect(await screen.findByText('購入が完了しました')).toBeInTheDocument();
  });
});
