import { useSyncExternalStore } from 'react';

import { readNoticeAnswer, subscribeNoticeAnswer, type NoticeAnswer } from '@/features/analytics/utils/notice-answer';

/** This browser's answer to the analytics notice, kept up to date (the notice and the footer's dialog both write it). */
export function useNoticeAnswer(): NoticeAnswer | null {
  return useSyncExternalStore(subscribeNoticeAnswer, readNoticeAnswer, () => null);
}
