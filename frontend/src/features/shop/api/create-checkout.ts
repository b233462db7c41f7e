import { apiPaths } from '@/config/paths';
import type { Checkout, CheckoutRequest } from '@/features/shop/api/types';
import { api } from '@/lib/api-client';

/**
 * POST /api/shop/checkout: a pending purchase of `quantity` packs and the URL of its checkout. The same
 * `attemptId` sent twice (a double click, a retry after a lost answer) gives the same purchase, never a
 * second one.
 */
export function createCheckout(request: CheckoutRequest): Promise<Checkout> {
  return api.post(apiPaths.shop.checkout, request);
}
