import { useEffect, useRef } from 'react';

import { sendPageViews } from '@/features/analytics/api/send-page-views';
import { pagePath, trimmedReferrer } from '@/features/analytics/utils/page-path';
import { createPageViewQueue, type PageViewQueue, type SendBatch } from '@/features/analytics/utils/page-view-queue';

type PageViewTrackerOptions = {
  /** The route's `location.pathname` (never the query string or the hash). */
  pathname: string;
  /** Whose consent allows recording now (`'member'`, `'visitor'`), or null: nothing is recorded or sent. */
  allowedFor: string | null;
  /** Tests may watch the batches; the app sends them to POST /api/analytics/events. */
  send?: SendBatch;
};

/**
 * Records a page view on every route change while someone's consent allows it (utils/page-view-queue.ts
 * batches and sends them). When the page is hidden or left, what is queued goes with `navigator.sendBeacon`.
 * Mount it once for the whole app.
 */
export function usePageViewTracker({ pathname, allowedFor, send = sendPageViews }: PageViewTrackerOptions) {
  const queueRef = useRef<PageViewQueue | null>(null);

  useEffect(() => {
    const queue = createPageViewQueue({ send, referrer: trimmedReferrer(document.referrer, window.location.origin) });
    queueRef.current = queue;
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') queue.flush('beacon');
    };
    const onPageHide = () => queue.flush('beacon');
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      queue.dispose();
      queueRef.current = null;
    };
  }, [send]);

  // After the queue's effect (effects run in order), so a new queue learns the page first, then the consent.
  useEffect(() => {
    queueRef.current?.visit(pagePath(pathname));
  }, [pathname, send]);

  useEffect(() => {
    queueRef.current?.allow(allowedFor);
  }, [allowedFor, send]);
}
