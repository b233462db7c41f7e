import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { Catalogue } from '@/features/shop/api/types';
import { api } from '@/lib/api-client';

export function catalogueKey() {
  return apiPaths.shop.items;
}

/** GET /api/shop/items: the packs on sale in their order, the largest quantity, and whether checkout is the development one. */
export function getCatalogue(): Promise<Catalogue> {
  return api.get(catalogueKey());
}

export function useCatalogue() {
  return useSWR<Catalogue>(catalogueKey(), getCatalogue);
}
