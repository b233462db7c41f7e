import { apiPaths } from '@/config/paths';
import { apiUrl } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** One page view as the gateway takes it (`ClientEventIn`; `page_view` is the only name a browser may send). */
export type PageViewEvent = Pick<ApiSchema<'ClientEventIn'>, 'path'> & { name: 'page_view'; referrer?: string };

/** `fetch` while the page stays, `beacon` when it is being hidden or left. */
export type Transport = 'fetch' | 'beacon';

function sentAsBeacon(url: string, json: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }));
  } catch {
    return false;
  }
}

/**
 * Sends one batch to POST /api/analytics/events and forgets it: whatever the answer (202, or 400, 413, 429,
 * 503, or no answer at all), nothing is shown and nothing is sent again. Not through `api`: the request must
 * outlive the page (`sendBeacon`, else `fetch` with `keepalive`) and a refusal is not an error to handle.
 */
export function sendPageViews(events: PageViewEvent[], transport: Transport): void {
  const body: ApiSchema<'EventsIn'> = { events };
  const json = JSON.stringify(body);
  const url = apiUrl(apiPaths.analytics.events);
  if (transport === 'beacon' && sentAsBeacon(url, json)) return;
  try {
    void fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: json,
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch at all (or it refused the request outright): the batch is dropped.
  }
}
