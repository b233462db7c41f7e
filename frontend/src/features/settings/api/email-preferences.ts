import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** Which e-mails the person wants (spec §3 notification preferences; docs/api/accounts.md). */
export type EmailPreferences = ApiSchema<'PreferencesBody'>;

export type EmailPreferenceName = keyof EmailPreferences;

export function emailPreferencesKey() {
  return apiPaths.settings.emailPreferences;
}

export function getEmailPreferences(): Promise<EmailPreferences> {
  return api.get(emailPreferencesKey());
}

export function useEmailPreferences() {
  return useSWR<EmailPreferences>(emailPreferencesKey(), getEmailPreferences);
}

/** PUT with only the switches that changed; the answer is the full set. */
export function updateEmailPreferences(change: Partial<EmailPreferences>): Promise<EmailPreferences> {
  return api.put(emailPreferencesKey(), change);
}

/**
 * Saves a change under the preferences' own key: the switch moves at once (optimistic), the server's
 * answer replaces the cached set, and a failure puts the old set back.
 */
export function useUpdateEmailPreferences() {
  return useSWRMutation(
    emailPreferencesKey(),
    (_key: string, { arg }: { arg: Partial<EmailPreferences> }) => updateEmailPreferences(arg),
    { populateCache: true, revalidate: false, rollbackOnError: true },
  );
}
