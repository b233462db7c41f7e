import { useCallback } from 'react';
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** Whether this browser agreed to analytics (the consent cookie is HttpOnly: the SPA asks the gateway). */
export type VisitorConsent = ApiSchema<'VisitorConsentBody'>;

/** A visitor's answer; `deleteCollected` with `analytics: false` also deletes what this browser's id collected. */
export type VisitorConsentChange = ApiSchema<'VisitorConsentIn'>;

export function visitorConsentKey() {
  return apiPaths.analytics.consent;
}

export function getVisitorConsent(): Promise<VisitorConsent> {
  return api.get(visitorConsentKey());
}

/** This browser's consent; `active: false` asks nothing (a member's consent is their account's). */
export function useVisitorConsent(active = true) {
  return useSWR<VisitorConsent>(active ? visitorConsentKey() : null, getVisitorConsent);
}

export function updateVisitorConsent(change: VisitorConsentChange): Promise<VisitorConsent> {
  return api.put(visitorConsentKey(), change);
}

/**
 * Records an answer under the consent's own key, so the notice, the footer's dialog and the page-view
 * tracking all see it. A "no" counts at once (optimistic: nothing more is recorded while it is on its way);
 * a "yes" counts once the gateway has set the cookie. A failure puts the old answer back.
 */
export function useUpdateVisitorConsent() {
  const mutation = useSWRMutation(
    visitorConsentKey(),
    (_key: string, { arg }: { arg: VisitorConsentChange }) => updateVisitorConsent(arg),
    { populateCache: true, revalidate: false, rollbackOnError: true },
  );
  const { trigger } = mutation;
  const answer = useCallback(
    (change: VisitorConsentChange) => trigger(change, change.analytics ? {} : { optimisticData: { analytics: false } }),
    [trigger],
  );
  return { ...mutation, answer };
}
