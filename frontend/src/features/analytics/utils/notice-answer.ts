import { ANALYTICS_NOTICE_KEY } from '@/config/constants';

/*
 * A visitor's answer to the analytics notice in local storage (`meguri.analyticsNotice`): 'granted' and
 * 'denied' as sent to the gateway, 'dismissed' for ×, which sends nothing. Any answer keeps the notice away.
 * Storage can be unavailable (private modes): then nothing is remembered and the notice asks again next
 * time, though the gateway's cookie still holds a "yes".
 */

export type NoticeAnswer = 'granted' | 'denied' | 'dismissed';

const listeners = new Set<() => void>();

function isNoticeAnswer(value: string | null): value is NoticeAnswer {
  return value === 'granted' || value === 'denied' || value === 'dismissed';
}

export function readNoticeAnswer(): NoticeAnswer | null {
  try {
    const value = localStorage.getItem(ANALYTICS_NOTICE_KEY);
    return isNoticeAnswer(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers `answer`, or forgets the answer (null: the notice asks again). */
export function saveNoticeAnswer(answer: NoticeAnswer | null): void {
  try {
    if (answer === null) localStorage.removeItem(ANALYTICS_NOTICE_KEY);
    else localStorage.setItem(ANALYTICS_NOTICE_KEY, answer);
  } catch {
    // Not remembered; the notice shows again on the next visit.
  }
  listeners.forEach((listener) => listener());
}

/** Calls `listener` when the answer changes, here or in another tab. */
export function subscribeNoticeAnswer(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ANALYTICS_NOTICE_KEY) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
