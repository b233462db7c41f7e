import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { PURCHASE_POLL_LIMIT_MS } from '@/config/constants';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { mockChat } from '@/testing/mocks/chat';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { mockShop, sampleCatalogue, samplePurchase } from '@/testing/mocks/shop';
import { recordRequests, renderApp } from '@/testing/test-utils';

const PURCHASE_ID = '0193d1a2-7c1e-7000-8000-0000000000f1';

function renderShop(route = '/shop', shop: Parameters<typeof mockShop>[0] = {}) {
  const session = mockSession({ ...sampleUser, credits: 3 });
  const mocked = mockShop(shop);
  return { session, ...mocked, ...renderApp(<AppRoutes />, { route }) };
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.useRealTimers();
});

describe('/shop: the catalogue', () => {
  it('shows the balance, what a credit buys, and each pack with its tax-inclusive and per-credit price', async () => {
    renderShop();

    expect(await screen.findByRole('heading', { name: 'ショップ', level: 1 })).toBeInTheDocument();
    const balance = screen.getByRole('region', { name: '現在のクレジット' });
    expect(within(balance).getByTestId('shop-balance')).toHaveTextContent('3クレジット');
    await waitFor(() => expect(balance).toHaveTextContent('1クレジットでメグと1回お話しできます'));

    const packs = await screen.findAllByRole('radio');
    expect(packs.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4']);
    const thirty = screen.getByRole('radio', { name: '30クレジット' });
    expect(thirty).toHaveAccessibleDescription(/￥1,200\s*（税込）/);
    expect(thirty).toHaveAccessibleDescription(/1クレジットあたり￥40/);
    expect(screen.getByRole('radio', { name: '200クレジット' })).toHaveAccessibleDescription(/￥6,000\s*（税込）.*1クレジットあたり￥30/);
    // The first pack is chosen; the total says what is paid and what it brings before paying.
    expect(screen.getByRole('radio', { name: '10クレジット' })).toBeChecked();
    expect(screen.getByTestId('shop-total')).toHaveTextContent('合計 ￥480（税込）・10クレジット');
  });

  it('says what a message to メグ costs as chat is configured', async () => {
    mockChat({ creditsPerMessage: 2 });
    renderShop();

    const balance = await screen.findByRole('region', { name: '現在のクレジット' });
    await waitFor(() => expect(balance).toHaveTextContent('2クレジットでメグと1回お話しできます'));
  });

  it('updates the total with the pack and the quantity, which goes up to the catalogue’s maximum', async () => {
    const { user } = renderShop();

    await user.click(await screen.findByRole('radio', { name: '80クレジット' }));
    const quantity = screen.getByRole('combobox', { name: '数量' });
    expect(within(quantity).getAllByRole('option').map((o) => o.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    await user.selectOptions(quantity, '3');

    expect(screen.getByTestId('shop-total')).toHaveTextContent('合計 ￥8,400（税込）・240クレジット');
  });

  it('links to the purchase history and the 特定商取引法 page, and marks the development checkout', async () => {
    renderShop();

    expect(await screen.findByRole('link', { name: '購入履歴' })).toHaveAttribute('href', '/purchase-history');
    expect(screen.getByRole('link', { name: '特定商取引法に基づく表記' })).toHaveAttribute('href', '/legal/tokushoho');
    expect(await screen.findByText('開発用の決済モードです。購入しても実際の支払いは行われません。')).toBeInTheDocument();
  });

  it('has no development banner when payments go through Stripe', async () => {
    renderShop('/shop', { catalogue: { ...sampleCatalogue, devCheckout: false } });

    await screen.findByRole('radio', { name: '10クレジット' });
    expect(screen.queryByText(/開発用の決済モード/)).not.toBeInTheDocument();
    expect(screen.getByText(/決済サービスStripeの安全なページ/)).toBeInTheDocument();
  });

  it('offers to read the catalogue again when it fails', async () => {
    mockSession(sampleUser);
    mockShop();
    let fail = true;
    server.use(http.get('/api/shop/items', () => (fail ? apiError(503, 'SERVICE_UNAVAILABLE', 'しばらくしてからお試しください') : undefined)));
    const { user } = renderApp(<AppRoutes />, { route: '/shop' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('商品を読み込めませんでした。');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'もう一度読み込む' }));
    expect(await screen.findByRole('radio', { name: '10クレジット' })).toBeInTheDocument();
  });
});

describe('/shop: buying', () => {
  it('sends one attempt with a fresh attemptId and opens the development checkout inside the app', async () => {
    const { user, state } = renderShop();

    await user.click(await screen.findByRole('radio', { name: '30クレジット' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '数量' }), '2');
    await user.click(screen.getByRole('button', { name: '購入する' }));

    expect(await screen.findByRole('heading', { name: '開発用の決済', level: 1 })).toBeInTheDocument();
    expect(state.checkouts).toHaveLength(1);
    const [sent] = state.checkouts;
    expect(sent).toMatchObject({ itemId: 2, quantity: 2 });
    expect(sent?.attemptId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sends a double click once, with the button disabled while the purchase is created', async () => {
    const { user, state } = renderShop();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(http.post('/api/shop/checkout', async () => {
      await held;
      return undefined;
    }));

    const buy = await screen.findByRole('button', { name: '購入する' });
    await user.dblClick(buy);
    expect(buy).toBeDisabled();
    expect(screen.getByText('決済ページを準備しています…')).toBeInTheDocument();
    release();

    expect(await screen.findByRole('heading', { name: '開発用の決済', level: 1 })).toBeInTheDocument();
    expect(state.checkouts).toHaveLength(1);
  });

  it('retries the same pack with the same attemptId after an error, and a new pack with a new one', async () => {
    const { user, state } = renderShop();
    const seen: string[] = [];
    server.use(
      http.post('/api/shop/checkout', async ({ request }) => {
        seen.push(((await request.json()) as { attemptId: string }).attemptId);
        return apiError(503, 'STRIPE_UNAVAILABLE', '決済サービスに接続できません。しばらくしてからお試しください');
      }),
    );

    const buy = await screen.findByRole('button', { name: '購入する' });
    await user.click(buy);
    const message = await screen.findByText('決済サービスに接続できません。しばらくしてからお試しください');
    expect(message.closest('[role="alert"]')).toHaveTextContent('購入エラー');
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    await waitFor(() => expect(seen).toHaveLength(2));
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(screen.getByRole('radio', { name: '80クレジット' }));
    await user.click(buy);
    await waitFor(() => expect(seen).toHaveLength(3));

    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
    expect(state.purchases).toEqual([]);
  });

  it("sends the browser to Stripe's page by a full page load", async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, origin: window.location.origin, assign });
    const { user } = renderShop('/shop', {
      catalogue: { ...sampleCatalogue, devCheckout: false },
      checkoutUrl: () => 'https://checkout.stripe.com/c/pay/cs_test_123',
    });

    await user.click(await screen.findByRole('button', { name: '購入する' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_123'));
    // The page is being left: no second purchase from the same screen meanwhile.
    expect(screen.getByRole('button', { name: '購入する' })).toBeDisabled();
  });

  it("shows the gateway's message when the pack can no longer be bought", async () => {
    const { user } = renderShop();
    server.use(http.post('/api/shop/checkout', () => apiError(404, 'ITEM_NOT_FOUND', 'この商品は現在購入できません')));

    await user.click(await screen.findByRole('button', { name: '購入する' }));

    expect(await screen.findByText('この商品は現在購入できません')).toBeInTheDocument();
  });
});

describe('/shop: back from checkout', () => {
  it('says the purchase is complete with the credits it brought, and reads the balance again', async () => {
    mockShop({ purchases: [samplePurchase({ id: PURCHASE_ID, status: 'completed', creditsGranted: 30 })] });
    // The session as the gateway sees it: the first read is from before the credits were granted.
    let userReads = 0;
    server.use(
      http.get('/api/auth/user', () => {
        userReads += 1;
        return HttpResponse.json({ ...sampleUser, credits: userReads === 1 ? 3 : 33 });
      }),
    );
    renderApp(<AppRoutes />, { route: `/shop?purchase=${PURCHASE_ID}&result=success` });

    const status = await screen.findByText('購入が完了しました');
    expect(status.closest('[role="status"]')).toHaveTextContent('30クレジットが追加されました。');
    expect(await screen.findByTestId('shop-balance')).toHaveTextContent('33クレジット');
    expect(userReads).toBe(2);
  });

  it('polls a pending purchase every 2 s until the webhook lands, then shows it complete and the new balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const session = mockSession({ ...sampleUser, credits: 3 });
    const shop = mockShop({ purchases: [samplePurchase({ id: PURCHASE_ID, status: 'pending', creditsGranted: 0, completedAt: null })] });
    const requests = recordRequests();
    renderApp(<AppRoutes />, { route: `/shop?purchase=${PURCHASE_ID}&result=success` });

    const reads = () => requests.filter((r) => r === `GET /api/purchases/${PURCHASE_ID}`).length;
    expect(await screen.findByText('決済を確認しています…')).toBeInTheDocument();
    const first = reads();
    expect(first).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(reads()).toBe(2));
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(reads()).toBe(3));
    expect(screen.getByText('決済を確認しています…')).toBeInTheDocument();

    shop.complete(PURCHASE_ID);
    if (session.user) session.user = { ...session.user, credits: shop.state.balance };
    await vi.advanceTimersByTimeAsync(2000);

    expect(await screen.findByText('購入が完了しました')).toBeInTheDocument();
    expect(await screen.findByTestId('shop-balance')).toHaveTextContent('33クレジット');
    // Completed: no more polling.
    const asked = reads();
    await vi.advanceTimersByTimeAsync(6000);
    expect(reads()).toBe(asked);
  });

  it('stops polling after a minute and says the credits will follow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockSession(sampleUser);
    mockShop({ purchases: [samplePurchase({ id: PURCHASE_ID, status: 'pending', creditsGranted: 0, completedAt: null })] });
    const requests = recordRequests();
    renderApp(<AppRoutes />, { route: `/shop?purchase=${PURCHASE_ID}&result=success` });

    expect(await screen.findByText('決済を確認しています…')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_LIMIT_MS + 100);

    const slow = await screen.findByText(/決済の確認に時間がかかっています。確認が済みしだい、クレジットは自動で追加されます。/);
    const asked = requests.filter((r) => r === `GET /api/purchases/${PURCHASE_ID}`).length;
    expect(asked).toBeGreaterThanOrEqual(25);
    expect(asked).toBeLessThanOrEqual(31);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests.filter((r) => r === `GET /api/purchases/${PURCHASE_ID}`)).toHaveLength(asked);
    expect(within(slow).getByRole('link', { name: '購入履歴' })).toHaveAttribute('href', '/purchase-history');
  });

  it('says a cancelled checkout was cancelled, and the notice can be closed', async () => {
    const { user } = renderShop(`/shop?purchase=${PURCHASE_ID}&result=cancel`);

    const notice = await screen.findByText('購入をキャンセルしました');
    expect(notice).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByText('購入をキャンセルしました')).not.toBeInTheDocument());
  });

  it('says an expired checkout brought no credits', async () => {
    renderShop(`/shop?purchase=${PURCHASE_ID}&result=success`, {
      purchases: [samplePurchase({ id: PURCHASE_ID, status: 'expired', creditsGranted: 0, completedAt: null })],
    });

    expect(await screen.findByText('決済の有効期限が切れました。クレジットは追加されていません。')).toBeInTheDocument();
  });

  it("shows the gateway's message for a purchase that is not the caller's", async () => {
    renderShop(`/shop?purchase=${PURCHASE_ID}&result=success`);

    expect(await screen.findByText('購入履歴が見つかりません')).toBeInTheDocument();
  });

  it('ignores a malformed return and asks for no purchase', async () => {
    const requests = recordRequests();
    renderShop('/shop?purchase=not-a-uuid&result=success');

    await screen.findByRole('radio', { name: '10クレジット' });
    expect(requests.some((r) => r.startsWith('GET /api/purchases'))).toBe(false);
    expect(screen.queryByText('決済を確認しています…')).not.toBeInTheDocument();
  });
});

describe('home → shop', () => {
  it("home's shop button leads to /shop", async () => {
    mockSession(sampleUser);
    mockShop();
    const { user } = renderApp(<AppRoutes />, { route: '/' });

    await user.click(await screen.findByRole('link', { name: 'ショップへ' }));

    expect(await screen.findByRole('heading', { name: 'ショップ', level: 1 })).toBeInTheDocument();
  });
});
