import { useEffect, useRef } from 'react';

import { CHART_POLL_MS } from '@/config/constants';

/**
 * While `active`, calls `poll` every CHART_POLL_MS (spec §4: the current user is read every
 * 3 s while the chart is being built). The next call is planned only after the previous one settled,
 * so a slow answer never piles up requests; turning `active` off or unmounting stops it at once.
 */
export function useChartPolling(active: boolean, poll: () => Promise<unknown>): void {
  const pollRef = useRef(poll);
  useEffect(() => {
    pollRef.current = poll;
  });

  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(() => {
        void pollRef.current()
          .catch(() => undefined)
          .finally(() => {
            if (!stopped) schedule();
          });
      }, CHART_POLL_MS);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active]);
}
