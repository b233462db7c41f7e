import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { MentionNotification } from '@/features/diary/api/types';
import { api } from '@/lib/api-client';

export function mentionsKey() {
  return apiPaths.mentions.notifications;
}

/** GET /api/mentions/notifications: the caller's unseen mentions, oldest first. */
export function getMentionNotifications(): Promise<MentionNotification[]> {
  return api.get(mentionsKey());
}

/**
 * The unseen mentions, asked for again whenever the window gets the focus (spec §4, the one exception
 * to "no refetch on focus") and after one is acknowledged, never on a timer. The app's defaults would
 * answer a focus within 5 minutes from the cache, so this call has no throttle and no fresh window; the
 * two events of one return to the tab (visibilitychange, focus) share the request in flight.
 */
export function useMentionNotifications() {
  return useSWR<MentionNotification[]>(mentionsKey(), getMentionNotifications, {
    revalidateOnFocus: true,
    focusThrottleInterval: 0,
    dedupingInterval: 0,
  });
}

/** POST /api/mentions/{id}/mark-shown. */
export async function markMentionShown(id: string): Promise<void> {
  await api.post<'/api/mentions/{id}/mark-shown'>(apiPaths.mentions.shown(id));
}
