import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` every `intervalMs` while `active` is true, waiting for each call to settle before the
 * next one is timed (one request out at a time); stops as soon as `active` turns false or the component
 * unmounts.
 *
 * Why not swr's `refreshInterval`: its timer revalidates *with* deduplication, and our swr defaults keep
 * a finished request deduplicated for 5 minutes (spec §4: data is fresh that long), so an interval tick
 * would reuse the old answer instead of asking again. `refresh` is meant to be swr's bound `mutate()`,
 * which always asks the server.
 */
export function usePollWhile(active: boolean, refresh: () => Promise<unknown>, intervalMs: number): void {
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);

  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(() => {
        void refreshRef
          .current()
          .catch(() => undefined)
          .then(() => {
            if (!stopped) schedule();
          });
      }, intervalMs);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, intervalMs]);
}
