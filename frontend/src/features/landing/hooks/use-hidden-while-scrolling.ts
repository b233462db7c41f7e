import { useEffect, useState } from 'react';

import { HEADER_HIDE_SCROLL_PX, HEADER_REAPPEAR_MS } from '@/config/constants';

/**
 * True while the page is being scrolled below HEADER_HIDE_SCROLL_PX; false again HEADER_REAPPEAR_MS after
 * scrolling stops, and always false near the top of the page.
 */
export function useHiddenWhileScrolling(): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      if (window.scrollY <= HEADER_HIDE_SCROLL_PX) {
        setHidden(false);
        return;
      }
      setHidden(true);
      timer = setTimeout(() => setHidden(false), HEADER_REAPPEAR_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  return hidden;
}
