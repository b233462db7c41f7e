import { useEffect, useState } from 'react';

import { TOUR_TARGET_RETRY_MS, TOUR_TARGET_WAIT_MS } from '@/config/constants';
import type { Box, Size } from '@/features/onboarding/utils/bubble-placement';

export type TourTargetState = {
  /** 'locating' while waiting for the target; 'missing' when it never came (the bubble is centred then). */
  status: 'locating' | 'found' | 'missing';
  /** The boxes of every match, in viewport coordinates. */
  boxes: Box[];
  viewport: Size;
};

type Options = {
  /** Changes with every step, so that a step starts looking afresh even for the same selector. */
  stepKey: number;
  selector: string;
  /** False while the step's route is not showing yet: no looking until it is. */
  enabled: boolean;
  reducedMotion: boolean;
};

function viewportSize(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

function measure(selector: string): Box[] {
  return Array.from(document.querySelectorAll(selector), (element) => {
    const r = element.getBoundingClientRect();
    return { top: r.top, left: r.left, width: r.width, height: r.height };
  });
}

const sameBoxes = (a: readonly Box[], b: readonly Box[]) =>
  a.length === b.length &&
  a.every((box, i) => {
    const other = b[i];
    return (
      other !== undefined &&
      box.top === other.top &&
      box.left === other.left &&
      box.width === other.width &&
      box.height === other.height
    );
  });

/**
 * Finds a tour step's target and keeps its position current (spec §4, §9). It looks every 100 ms until an
 * element matches; after 3 s without one it reports 'missing' instead of waiting for ever (the friends and
 * diary screens do not carry their targets yet). A target outside the viewport is scrolled into view. The
 * boxes are measured again on resize and scroll (of the page or any scrolling container) and when the
 * page's layout changes size, so the highlight follows.
 */
export function useTourTarget({ stepKey, selector, enabled, reducedMotion }: Options): TourTargetState {
  const [state, setState] = useState<TourTargetState & { stepKey: number }>({
    stepKey,
    status: 'locating',
    boxes: [],
    viewport: viewportSize(),
  });

  useEffect(() => {
    setState({ stepKey, status: 'locating', boxes: [], viewport: viewportSize() });
    if (!enabled) return undefined;
    let waited = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      const matches = document.querySelectorAll(selector);
      const first = matches[0];
      if (first) {
        const viewport = viewportSize();
        const boxes = measure(selector);
        const outside = boxes.some((b) => b.top < 0 || b.top + b.height > viewport.height);
        if (outside) first.scrollIntoView({ block: 'center', inline: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' });
        setState({ stepKey, status: 'found', boxes: measure(selector), viewport });
        return;
      }
      if (waited >= TOUR_TARGET_WAIT_MS) {
        setState({ stepKey, status: 'missing', boxes: [], viewport: viewportSize() });
        return;
      }
      waited += TOUR_TARGET_RETRY_MS;
      timer = setTimeout(attempt, TOUR_TARGET_RETRY_MS);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [stepKey, selector, enabled, reducedMotion]);

  const current = state.stepKey === stepKey ? state : null;
  const tracking = current?.status === 'found' || current?.status === 'missing';

  useEffect(() => {
    if (!tracking) return undefined;
    let frame: number | undefined;
    const update = () => {
      frame = undefined;
      const viewport = viewportSize();
      const boxes = measure(selector);
      setState((prev) => {
        if (prev.stepKey !== stepKey) return prev;
        // A target replaced while its screen re-renders is briefly absent: keep the last boxes meanwhile.
        const next = prev.status === 'found' && boxes.length === 0 ? prev.boxes : boxes;
        const sameViewport = prev.viewport.width === viewport.width && prev.viewport.height === viewport.height;
        return sameViewport && sameBoxes(prev.boxes, next) ? prev : { ...prev, boxes: next, viewport };
      });
    };
    const schedule = () => {
      if (frame === undefined) frame = requestAnimationFrame(update);
    };
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    observer?.observe(document.body);
    document.querySelectorAll(selector).forEach((element) => observer?.observe(element));
    return () => {
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
      observer?.disconnect();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [tracking, selector, stepKey]);

  return current ?? { status: 'locating', boxes: [], viewport: state.viewport };
}
