import { useEffect, useState } from 'react';

import { HEADER_HIDE_SCROLL_PX, HEADER_REAPPEAR_MS } from '@/config/constants';

type Options = {
  /** Scrolling while the page is further down than this hides (spec: 100 px). */
  thresholdPx?: number;
  /** How long after the last scroll event the element shows again (spec: 1 s). */
  reappearMs?: number;
};

/**
 * The landing header's visibility rule (spec §2, §9): shown at the top of the page; hidden while the page
 * is scrolled below `thresholdPx`; shown again `reappearMs` after scrolling stops. Back near the top it
 * shows at once. Returns true while the element should be hidden.
 */
export function useHiddenWhileScrolling({
  thresholdPx = HEADER_HIDE_SCROLL_PX,
  reappearMs = HEADER_REAPPEAR_MS,
}: Options = {}): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = undefined;
      if (window.scrollY <= thresholdPx) {
        setHidden(false);
        return;
      }
      setHidden(true);
      // Every scroll event restarts the wait, so the element returns only once scrolling has stopped.
      timer = setTimeout(() => {
        timer = undefined;
        setHidden(false);
      }, reappearMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [thresholdPx, reappearMs]);

  return hidden;
}
