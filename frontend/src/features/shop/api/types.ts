/**
 * The wire shapes of the gateway's shop routes (docs/api/shop.md), read off its OpenAPI document by
 * operation, so they follow the gateway whatever its schemas are named.
 */
import type { ApiAnswer, ApiBody } from '@/types/api';

/** GET /api/shop/items: the packs on sale, the largest quantity of one purchase, whether checkout is the development one. */
export type Catalogue = ApiAnswer<'get', '/api/shop/items'>;
/** One credit pack: credits, its tax-inclusive price in yen. */
export type Pack = Catalogue['items'][number];

/** POST /api/shop/checkout: one pack, a quantity, and the id of this purchase attempt. */
export type CheckoutRequest = ApiBody<'post', '/api/shop/checkout'>;
/** The pending purchase and where to pay for it (Stripe's page, or the app's development checkout). */
export type Checkout = ApiAnswer<'post', '/api/shop/checkout'>;

/** GET /api/purchases/{id}: one of the caller's purchases. */
export type Purchase = ApiAnswer<'get', '/api/purchases/{id}'>;
export type PurchaseStatus = Purchase['status'];

/** GET /api/shop/dev-checkout/{purchaseId}: the purchase the development checkout pays or cancels. */
export type DevCheckout = ApiAnswer<'get', '/api/shop/dev-checkout/{purchaseId}'>;
/** What the development checkout does with the purchase. */
export type DevCheckoutOutcome = NonNullable<ApiBody<'post', '/api/shop/dev-checkout/{purchaseId}'>>['outcome'];

/** GET /api/credits/ledger: the balance and the latest entries that explain it. */
export type Ledger = ApiAnswer<'get', '/api/credits/ledger'>;
export type LedgerEntry = Ledger['entries'][number];
