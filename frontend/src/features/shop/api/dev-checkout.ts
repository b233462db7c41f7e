import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { DevCheckout, DevCheckoutOutcome, Purchase } from '@/features/shop/api/types';
import { api } from '@/lib/api-client';

export function devCheckoutKey(purchaseId: string) {
  return apiPaths.shop.devCheckout(purchaseId);
}

/**
 * GET /api/shop/dev-checkout/{purchaseId}: the caller's purchase the development checkout is for. With a
 * Stripe key configured there is no development checkout: 409 DEV_CHECKOUT_DISABLED.
 */
export function getDevCheckout(purchaseId: string): Promise<DevCheckout> {
  return api.get<'/api/shop/dev-checkout/{purchaseId}'>(devCheckoutKey(purchaseId));
}

export function useDevCheckout(purchaseId: string) {
  return useSWR<DevCheckout>(devCheckoutKey(purchaseId), () => getDevCheckout(purchaseId));
}

/**
 * POST /api/shop/dev-checkout/{purchaseId}: pays (`complete`) or cancels the purchase through the same
 * signed-webhook path a real payment takes; answers the purchase as it now is.
 */
export function completeDevCheckout(purchaseId: string, outcome: DevCheckoutOutcome): Promise<Purchase> {
  return api.post<'/api/shop/dev-checkout/{purchaseId}'>(devCheckoutKey(purchaseId), { outcome });
}
