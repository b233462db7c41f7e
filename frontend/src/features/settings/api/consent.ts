import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** The member's consents (identity's user_consent; docs/api/accounts.md, docs/analytics.md). */
export type Consent = ApiSchema<'ConsentBody'>;

/**
 * A change: only the consents given are changed (absent: unchanged). `deleteCollected` goes with `analyticsConsent: false` and
 * also deletes the visits and events collected so far.
 */
export type ConsentChange = ApiSchema<'ConsentIn'>;

export function consentKey() {
  return apiPaths.settings.consent;
}

export function getConsent(): Promise<Consent> {
  return api.get(consentKey());
}

/**
 * The member's consents. `active: false` asks nothing (the page-view tracking of app-web reads them only for
 * a signed-in person); the settings screen and the tracking share the key, so a change here reaches both.
 */
export function useConsent(active = true) {
  return useSWR<Consent>(active ? consentKey() : null, getConsent);
}

export function updateConsent(change: ConsentChange): Promise<Consent> {
  return api.put(consentKey(), change);
}

/**
 * Saves a change under the consents' own key: the switch moves at once (optimistic), and so does the
 * tracking that reads the same key; the server's answer replaces the cached consents, a failure puts the
 * old ones back.
 */
export function useUpdateConsent() {
  return useSWRMutation(
    consentKey(),
    (_key: string, { arg }: { arg: ConsentChange }) => updateConsent(arg),
    { populateCache: true, revalidate: false, rollbackOnError: true },
  );
}
