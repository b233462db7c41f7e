import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { Purchase } from '@/features/shop/api/types';
import { api } from '@/lib/api-client';

export function purchasesKey() {
  return apiPaths.purchases.list;
}

/** GET /api/purchases: the caller's purchases, newest first. */
export async function getPurchases(): Promise<Purchase[]> {
  return (await api.get(purchasesKey())).purchases;
}

export function usePurchases() {
  return useSWR<Purchase[]>(purchasesKey(), getPurchases);
}
