import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { DEFAULT_PLACE, type ChosenPlace, type Coordinates } from '@/lib/birth-data';
import type { ApiSchema } from '@/types/api';

/** GET /api/places/coordinates as the gateway's OpenAPI document describes it (generated). */
export type CoordinatesResponse = ApiSchema<'CoordinatesResponse'>;

export async function getCoordinates(location: string): Promise<Coordinates> {
  const response = await api.get(apiPaths.places.coordinates(location));
  const coordinates = response?.coordinates;
  if (!coordinates || !Number.isFinite(coordinates.longitude) || !Number.isFinite(coordinates.latitude)) {
    throw new Error('coordinates response without numeric longitude and latitude');
  }
  return { longitude: coordinates.longitude, latitude: coordinates.latitude };
}

/**
 * The chosen place with its coordinates. Any failure falls back to the default place (Tokyo) without
 * telling the user (spec §8: place lookups fail silently), so what is sent always matches what is shown.
 */
export async function resolvePlace(label: string): Promise<ChosenPlace> {
  try {
    return { label, coordinates: await getCoordinates(label) };
  } catch {
    return DEFAULT_PLACE;
  }
}
