import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** GET /api/places/search as the gateway's OpenAPI document describes it (generated). */
export type PlaceSearchResponse = ApiSchema<'SuggestionsBody'>;

export function placeSearchKey(query: string) {
  return apiPaths.places.search(query);
}

export function searchPlaces(query: string): Promise<PlaceSearchResponse> {
  return api.get(placeSearchKey(query));
}

/** Place suggestions for a (debounced) query; an empty query fetches nothing. */
export function usePlaceSearch(query: string) {
  return useSWR<PlaceSearchResponse>(query === '' ? null : placeSearchKey(query), () => searchPlaces(query));
}
