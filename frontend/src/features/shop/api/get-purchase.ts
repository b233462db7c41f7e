import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { Purchase } from '@/features/shop/api/types';
import { api } from '@/lib/api-client';

export function purchaseKey(purchaseId: string) {
  return apiPaths.purchases.purchase(purchaseId);
}

/** GET /api/purchases/{id}: one of the caller's purchases; someone else's, or none, is 404 PURCHASE_NOT_FOUND. */
export function getPurchase(purchaseId: string): Promise<Purchase> {
  return api.get<'/api/purchases/{id}'>(purchaseKey(purchaseId));
}

/** One purchase, or nothing while `purchaseId` is null. */
export function usePurchase(purchaseId: string | null) {
  return useSWR<Purchase>(purchaseId === null ? null : purchaseKey(purchaseId), () =>
    getPurchase(purchaseId ?? ''),
  );
}
