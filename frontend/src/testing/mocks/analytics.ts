import { http, HttpResponse } from 'msw';

import { apiPaths } from '@/config/paths';
import type { PageViewEvent } from '@/features/analytics/api/send-page-views';
import type { VisitorConsent, VisitorConsentChange } from '@/features/analytics/api/visitor-consent';
import type { Consent, ConsentChange } from '@/features/settings/api/consent';
import { server } from '@/testing/mocks/server';
import type { ApiSchema } from '@/types/api';

/** A member's consents as sign-up leaves them without the optional boxes ticked; override any field. */
export function sampleConsent(fields: Partial<Consent> = {}): Consent {
  return {
    privacyPolicyAccepted: true,
    privacyPolicyVersion: '2025-09-27',
    analyticsConsent: false,
    marketingConsent: false,
    updatedAt: '2026-11-22T03:00:00Z',
    ...fields,
  };
}

/**
 * Analytics by default: a member who has not agreed, a browser that has not agreed, and batches taken
 * (202). So nothing is tracked unless a test says so; the notice shows to a visitor.
 */
export const analyticsHandlers = [
  http.get(apiPaths.settings.consent, () => HttpResponse.json(sampleConsent())),
  http.get(apiPaths.analytics.consent, () => HttpResponse.json<VisitorConsent>({ analytics: false })),
  http.post(apiPaths.analytics.events, async ({ request }) => {
    const body = (await request.json()) as ApiSchema<'EventsIn'>;
    return HttpResponse.json<ApiSchema<'EventsAccepted'>>({ accepted: body.events.length }, { status: 202 });
  }),
];

export type MockAnalytics = {
  /** The member's consents now (changed by PUT /api/settings/consent). */
  consent: Consent;
  /** This browser's consent now (changed by PUT /api/analytics/consent). */
  visitor: VisitorConsent;
  /** Every PUT /api/settings/consent body, in order. */
  consentChanges: ConsentChange[];
  /** Every PUT /api/analytics/consent body, in order. */
  visitorChanges: VisitorConsentChange[];
  /** Every batch that reached POST /api/analytics/events through fetch (beacons are the test's own mock). */
  batches: PageViewEvent[][];
};

/** A gateway that keeps the consents as they are changed and records what is sent. */
export function mockAnalytics({ consent = {}, visitor = false }: { consent?: Partial<Consent>; visitor?: boolean } = {}) {
  const state: MockAnalytics = {
    consent: sampleConsent(consent),
    visitor: { analytics: visitor },
    consentChanges: [],
    visitorChanges: [],
    batches: [],
  };
  server.use(
    http.get(apiPaths.settings.consent, () => HttpResponse.json(state.consent)),
    http.put(apiPaths.settings.consent, async ({ request }) => {
      const change = (await request.json()) as ConsentChange;
      state.consentChanges.push(change);
      state.consent = {
        ...state.consent,
        analyticsConsent: change.analyticsConsent ?? state.consent.analyticsConsent,
        marketingConsent: change.marketingConsent ?? state.consent.marketingConsent,
      };
      return HttpResponse.json(state.consent);
    }),
    http.get(apiPaths.analytics.consent, () => HttpResponse.json(state.visitor)),
    http.put(apiPaths.analytics.consent, async ({ request }) => {
      const change = (await request.json()) as VisitorConsentChange;
      state.visitorChanges.push(change);
      state.visitor = { analytics: change.analytics };
      return HttpResponse.json(state.visitor);
    }),
    http.post(apiPaths.analytics.events, async ({ request }) => {
      const body = (await request.json()) as { events: PageViewEvent[] };
      state.batches.push(body.events);
      return HttpResponse.json<ApiSchema<'EventsAccepted'>>({ accepted: body.events.length }, { status: 202 });
    }),
  );
  return state;
}
