import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

import { getUser, userKey } from '@/features/auth/api/get-user';

/**
 * Reads the current user again and stores the answer, e.g. for home's poll while the chart is being
 * built (spec §4). The current-user call keeps its own settings (fetched once, never stale, no retry):
 * this asks once, by hand. A signed-out answer (401 → null) is stored and so signs the person out; a
 * failed call (network, 5xx) keeps the last known user, because `useAuth` would read a stored error as
 * "signed out" and one lost poll must not end the session on screen.
 */
export function useRefreshUser(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    let next;
    try {
      next = await getUser();
    } catch {
      return;
    }
    await mutate(userKey(), next, { revalidate: false });
  }, [mutate]);
}
