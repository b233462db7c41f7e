import { http, HttpResponse } from 'msw';

import { apiPaths } from '@/config/paths';
import { sampleCalculation, sampleCoordinates, samplePlaces } from '@/testing/mocks/data';
import { readingsHandlers } from '@/testing/mocks/readings';

/**
 * The gateway contract as unit tests see it: a signed-out visitor, place search, coordinates, the
 * public calculator and home's readings. A test overrides one with `server.use(...)`.
 */
export const handlers = [
  http.get(apiPaths.auth.user, () =>
    HttpResponse.json({ message: 'ログインが必要です', code: 'UNAUTHENTICATED' }, { status: 401 }),
  ),
  http.get('/api/places/search', ({ request }) => {
    const query = new URL(request.url).searchParams.get('query') ?? '';
    return HttpResponse.json({ suggestions: samplePlaces.filter((place) => place.includes(query)) });
  }),
  http.get('/api/places/coordinates', () => HttpResponse.json({ coordinates: sampleCoordinates })),
  http.post(apiPaths.public.calculateBazi, () => HttpResponse.json(sampleCalculation)),
  ...readingsHandlers,
];
