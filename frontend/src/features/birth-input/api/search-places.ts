import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export type PlaceSearchResponse = {
  suggestions: string[];
};

export function placeSearchKey(query: string): string {
  return apiPaths.places.search(query);
}

export function searchPlaces(query: string): Promise<PlaceSearchResponse> {
  return api.get<PlaceSearchResponse>(placeSearchKey(query));
}

/** Place suggestions for a (debounced) query; an empty query fetches nothing. */
export function usePlaceSearch(query: string) {
  return useSWR<PlaceSearchResponse>(query === '' ? null : placeSearchKey(query), () => searchPlaces(query));
}
