/** A box in viewport coordinates (as `getBoundingClientRect` gives it). */
export type Box = { top: number; left: number; width: number; height: number };
export type Size = { width: number; height: number };

/**
 * The highlight: the bounding box of all the target's matches, grown by `margin` on every side. Null
 * when there is nothing to highlight.
 */
export function highlightBox(targets: readonly Box[], margin: number): Box | null {
  if (targets.length === 0) return null;
  const top = Math.min(...targets.map((r) => r.top));
  const left = Math.min(...targets.map((r) => r.left));
  const bottom = Math.max(...targets.map((r) => r.top + r.height));
  const right = Math.max(...targets.map((r) => r.left + r.width));
  return { top: top - margin, left: left - margin, width: right - left + 2 * margin, height: bottom - top + 2 * margin };
}

export type BubblePlacementInput = {
  /** The highlighted area, or null to centre the bubble. */
  highlight: Box | null;
  /** The bubble's height as laid out at the width this function returns. */
  bubbleHeight: number;
  viewport: Size;
  /** The side the step asks for. */
  preferred: 'top' | 'bottom';
  /** Space kept free at the viewport's edges. */
  viewportMargin: number;
  maxWidth: number;
  /** Space between the highlight and the bubble (room for its tail). */
  gap?: number;
};

export type BubblePlacement = {
  top: number;
  left: number;
  width: number;
  /** The bubble scrolls inside when its content is taller than this. */
  maxHeight: number;
  /** Where it ended up: above or below the highlight, or centred (no target). */
  side: 'top' | 'bottom' | 'center';
  /** True when no side had room, so the bubble covers part of the highlight. */
  overlaps: boolean;
  /** The x of the tail's tip inside the bubble, pointing at the target; null when there is no tail. */
  arrowX: number | null;
};

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

/**
 * Where the tour bubble goes (spec §4, §9): on the step's preferred side of the highlight, or the other
 * side when the preferred one has no room, never overlapping the highlight when either side fits, and
 * always inside the viewport with `viewportMargin` to spare. At most `maxWidth` wide (less on narrow
 * screens), centred on the target horizontally as far as the edges allow. Without a target it is centred.
 */
export function placeBubble({
  highlight,
  bubbleHeight,
  viewport,
  preferred,
  viewportMargin: m,
  maxWidth,
  gap = 12,
}: BubblePlacementInput): BubblePlacement {
  const width = Math.max(0, Math.min(maxWidth, viewport.width - 2 * m));
  const maxHeight = Math.max(0, viewport.height - 2 * m);
  const height = Math.min(bubbleHeight, maxHeight);

  if (!highlight) {
    return {
      top: Math.max(m, (viewport.height - height) / 2),
      left: Math.max(m, (viewport.width - width) / 2),
      width,
      maxHeight,
      side: 'center',
      overlaps: false,
      arrowX: null,
    };
  }

  const highlightBottom = highlight.top + highlight.height;
  const y = { top: highlight.top - gap - height, bottom: highlightBottom + gap };
  const fits = { top: y.top >= m, bottom: y.bottom + height <= viewport.height - m };
  const order = preferred === 'top' ? (['top', 'bottom'] as const) : (['bottom', 'top'] as const);
  const fitting = order.find((side) => fits[side]);
  // Neither side has room: take the roomier one and let the bubble cover part of the highlight.
  const side = fitting ?? (highlight.top - m >= viewport.height - m - highlightBottom ? 'top' : 'bottom');
  const top = clamp(y[side], m, viewport.height - m - height);

  const centreX = highlight.left + highlight.width / 2;
  const left = clamp(centreX - width / 2, m, viewport.width - m - width);
  const tailInset = Math.min(20, width / 2);

  return {
    top,
    left,
    width,
    maxHeight,
    side,
    overlaps: fitting === undefined,
    arrowX: fitting === undefined ? null : clamp(centreX - left, tailInset, width - tailInset),
  };
}
