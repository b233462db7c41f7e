import { http, HttpResponse } from 'msw';

import { apiPaths } from '@/config/paths';
import type { CoordinatesResponse } from '@/features/birth-input/api/get-coordinates';
import type { PlaceSearchResponse } from '@/features/birth-input/api/search-places';
import { analyticsHandlers } from '@/testing/mocks/analytics';
import { sampleCalculation, sampleCoordinates, samplePlaces } from '@/testing/mocks/data';
import { chatHandlers } from '@/testing/mocks/chat';
import { readingsHandlers } from '@/testing/mocks/readings';

/**
 * The gateway contract as unit tests see it: a signed-out visitor, place search, coordinates, the
 * public calculator, home's readings, an empty chat, no diary notices, no support tickets, no working reply link
 * and no analytics consent (testing/mocks/analytics.ts). A test overrides one with `server.use(...)`.
 */
export const handlers = [
  http.get(apiPaths.auth.user, () =>
    HttpResponse.json({ message: 'ログインが必要です', code: 'UNAUTHENTICATED' }, { status: 401 }),
  ),
  http.get('/api/places/search', ({ request }) => {
    const query = new URL(request.url).searchParams.get('query') ?? '';
    const suggestions = samplePlaces.filter((place) => place.includes(query));
    return HttpResponse.json<PlaceSearchResponse>({ suggestions });
  }),
  http.get('/api/places/coordinates', () => HttpResponse.json<CoordinatesResponse>({ coordinates: sampleCoordinates })),
  http.post(apiPaths.public.calculateBazi, () => HttpResponse.json(sampleCalculation)),
  ...readingsHandlers,
  ...chatHandlers,
  ...analyticsHandlers,
  // The signed-in app shell asks for the diary's notices on every screen: none by default.
  http.get(apiPaths.mentions.notifications, () => HttpResponse.json([])),
  http.get(apiPaths.diary.letters, () => HttpResponse.json({ letters: [] })),
  // /settings lists the member's support tickets: none by default (testing/mocks/support.ts has the routes).
  http.get(apiPaths.support.tickets, () => HttpResponse.json({ tickets: [] })),
  // No ticket, so no reply link works: /support/reply/{token} gets the gateway's one answer for a dead link.
  http.get('/api/public/support/reply/:token', () =>
    HttpResponse.json(
      { message: 'このリンクは使えません。リンクが正しくないか、有効期限が切れています', code: 'REPLY_LINK_INVALID' },
      { status: 404 },
    ),
  ),
];
