import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';

import { apiPaths } from '@/config/paths';
import type { Catalogue, CheckoutRequest, Checkout, DevCheckout, Ledger, LedgerEntry, Pack, Purchase } from '@/features/shop/api/types';
import { apiError } from '@/testing/mocks/accounts';
import { server } from '@/testing/mocks/server';
import type { ApiSchema } from '@/types/api';

type ErrorBody = ApiSchema<'ErrorBody'>;

/** The packs billing's migration seeds (issue 16). */
export const samplePacks: Pack[] = [
  { id: 1, title: '10クレジット', description: 'まずはお試しに。', credits: 10, price: 480, currency: 'JPY' },
  { id: 2, title: '30クレジット', description: 'お得なパックです。', credits: 30, price: 1200, currency: 'JPY' },
  { id: 3, title: '80クレジット', description: 'たくさんお話ししたい方に。', credits: 80, price: 2800, currency: 'JPY' },
  { id: 4, title: '200クレジット', description: 'いちばんお得なパックです。', credits: 200, price: 6000, currency: 'JPY' },
];

export const sampleCatalogue: Catalogue = { items: samplePacks, maxQuantity: 10, devCheckout: true };

export const samplePurchase = (overrides: Partial<Purchase> = {}): Purchase => ({
  id: '0193d1a2-7c1e-7000-8000-0000000000f1',
  itemId: 2,
  itemTitle: '30クレジット',
  itemDescription: 'お得なパックです。',
  amount: 1200,
  quantity: 1,
  creditsGranted: 30,
  status: 'completed',
  createdAt: '2026-11-20T01:00:00Z',
  completedAt: '2026-11-20T01:01:00Z',
  creditsClawedBack: 0,
  ...overrides,
});

type ShopState = {
  catalogue: Catalogue;
  balance: number;
  purchases: Purchase[];
  ledger: LedgerEntry[];
  /** Every checkout request the shop received, in order. */
  checkouts: CheckoutRequest[];
  /** The checkout URL a new purchase gets (default: the development checkout, absolute on this origin). */
  checkoutUrl: (purchase: Purchase) => string;
};

let nextId = 0x100;
const newId = () => {
  nextId += 1;
  return `0193d1a2-7c1e-7000-8000-${nextId.toString(16).padStart(12, '0')}`;
};

/**
 * The gateway's shop routes over an in-memory account, so a screen test acts as on the real thing: checkout
 * makes a pending purchase (the same attemptId gives the same one), the development checkout completes it (the
 * ledger and the balance rise by credits × quantity) or cancels it. Returns the state and `complete(id)`,
 * which plays the payment's webhook landing. `GET /api/auth/user` stays the test's own.
 */
export function mockShop(initial: Partial<ShopState> = {}) {
  const state: ShopState = {
    catalogue: sampleCatalogue,
    balance: 3,
    purchases: [],
    ledger: [{ id: 'l-1', delta: 3, balanceAfter: 3, reason: 'signup_bonus', createdAt: '2026-11-01T00:00:00Z' }],
    checkouts: [],
    checkoutUrl: (purchase) => `${window.location.origin}/shop/dev-checkout/${purchase.id}`,
    ...initial,
  };
  const attempts = new Map<string, Purchase>();
  const find = (id: string) => state.purchases.find((p) => p.id === id);
  const notFound = () => apiError(404, 'PURCHASE_NOT_FOUND', '購入履歴が見つかりません');

  const complete = (id: string) => {
    const purchase = find(id);
    if (!purchase || purchase.status !== 'pending') return;
    const pack = state.catalogue.items.find((p) => p.id === purchase.itemId);
    const credits = (pack?.credits ?? 0) * purchase.quantity;
    purchase.status = 'completed';
    purchase.completedAt = new Date().toISOString();
    purchase.creditsGranted = credits;
    state.balance += credits;
    state.ledger.unshift({
      id: `l-${state.ledger.length + 1}`,
      delta: credits,
      balanceAfter: state.balance,
      reason: 'purchase',
      createdAt: purchase.completedAt,
    });
  };

  server.use(
    http.get(apiPaths.shop.items, () => HttpResponse.json(state.catalogue)),
    http.post<PathParams, CheckoutRequest, Checkout | ErrorBody>(apiPaths.shop.checkout, async ({ request }) => {
      const body = await request.json();
      state.checkouts.push(body);
      const pack = state.catalogue.items.find((p) => p.id === body.itemId);
      if (!pack) return apiError(404, 'ITEM_NOT_FOUND', 'この商品は現在購入できません');
      const quantity = body.quantity ?? 1;
      if (quantity < 1 || quantity > state.catalogue.maxQuantity) {
        return apiError(400, 'INVALID_QUANTITY', '数量は1〜10の範囲で指定してください');
      }
      let purchase = attempts.get(body.attemptId);
      if (!purchase) {
        purchase = samplePurchase({
          id: newId(),
          itemId: pack.id,
          itemTitle: pack.title,
          itemDescription: pack.description,
          amount: pack.price * quantity,
          quantity,
          creditsGranted: 0,
          status: 'pending',
          createdAt: new Date().toISOString(),
          completedAt: null,
        });
        attempts.set(body.attemptId, purchase);
        state.purchases.unshift(purchase);
      }
      return HttpResponse.json<Checkout>({ purchaseId: purchase.id, checkoutUrl: state.checkoutUrl(purchase) });
    }),
    http.get(apiPaths.purchases.list, () => HttpResponse.json({ purchases: state.purchases })),
    http.get<{ id: string }, DefaultBodyType, Purchase | ErrorBody>('/api/purchases/:id', ({ params }) => {
      const purchase = find(params.id);
      return purchase ? HttpResponse.json<Purchase>(purchase) : notFound();
    }),
    http.get('/api/credits/ledger', () => HttpResponse.json<Ledger>({ balance: state.balance, entries: state.ledger, nextBefore: null })),
    http.get<{ purchaseId: string }, DefaultBodyType, DevCheckout | ErrorBody>('/api/shop/dev-checkout/:purchaseId', ({ params }) => {
      if (!state.catalogue.devCheckout) return apiError(409, 'DEV_CHECKOUT_DISABLED', 'この決済ページは利用できません');
      const purchase = find(params.purchaseId);
      return purchase ? HttpResponse.json<DevCheckout>({ ...purchase, devCheckout: true }) : notFound();
    }),
    http.post<{ purchaseId: string }, { outcome: 'complete' | 'cancel' }, Purchase | ErrorBody>('/api/shop/dev-checkout/:purchaseId', async ({ params, request }) => {
      if (!state.catalogue.devCheckout) return apiError(409, 'DEV_CHECKOUT_DISABLED', 'この決済ページは利用できません');
      const id = params.purchaseId;
      const purchase = find(id);
      if (!purchase) return notFound();
      const { outcome } = await request.json();
      if (outcome === 'complete') complete(id);
      else if (purchase.status === 'pending') purchase.status = 'canceled';
      return HttpResponse.json<Purchase>(purchase);
    }),
  );
  return { state, complete };
}
