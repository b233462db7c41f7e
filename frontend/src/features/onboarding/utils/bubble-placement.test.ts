import { describe, expect, it } from 'vitest';

import { highlightBox, placeBubble, type BubblePlacementInput } from '@/features/onboarding/utils/bubble-placement';

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

function place(input: Partial<BubblePlacementInput> & Pick<BubblePlacementInput, 'highlight'>) {
  return placeBubble({
    bubbleHeight: 200,
    viewport: phone,
    preferred: 'bottom',
    viewportMargin: 16,
    maxWidth: 360,
    gap: 12,
    ...input,
  });
}

describe('highlightBox', () => {
  it('is the bounding box of all matches grown by the margin', () => {
    const box = highlightBox(
      [
        { top: 100, left: 40, width: 50, height: 20 },
        { top: 300, left: 200, width: 100, height: 40 },
      ],
      8,
    );
    expect(box).toEqual({ top: 92, left: 32, width: 276, height: 256 });
  });

  it('is null without matches', () => {
    expect(highlightBox([], 8)).toBeNull();
  });
});

describe('placeBubble', () => {
  it('goes below the highlight when asked and there is room', () => {
    const p = place({ highlight: { top: 100, left: 20, width: 350, height: 120 }, preferred: 'bottom' });
    expect(p).toMatchObject({ side: 'bottom', top: 232, overlaps: false });
  });

  it('goes above the highlight when asked and there is room', () => {
    const p = place({ highlight: { top: 600, left: 20, width: 350, height: 60 }, preferred: 'top' });
    expect(p).toMatchObject({ side: 'top', top: 388, overlaps: false });
    expect(p.top + 200).toBeLessThanOrEqual(600 - 12);
  });

  it('flips below when there is no room above', () => {
    const p = place({ highlight: { top: 20, left: 20, width: 350, height: 60 }, preferred: 'top' });
    expect(p).toMatchObject({ side: 'bottom', top: 92, overlaps: false });
  });

  it('flips above a bottom navigation item when there is no room below', () => {
    const item = { top: 772, left: 300, width: 70, height: 64 };
    const p = place({ highlight: item, preferred: 'bottom' });
    expect(p).toMatchObject({ side: 'top', top: 772 - 12 - 200, overlaps: false });
  });

  it('never overlaps the highlight when one side fits', () => {
    for (const top of [30, 150, 300, 450, 600, 760]) {
      const highlight = { top, left: 40, width: 300, height: 60 };
      for (const preferred of ['top', 'bottom'] as const) {
        const p = place({ highlight, preferred });
        const overlapsVertically = p.top < top + 60 && p.top + 200 > top;
        expect(overlapsVertically, `highlight at ${top}, ${preferred}`).toBe(false);
        expect(p.top).toBeGreaterThanOrEqual(16);
        expect(p.top + 200).toBeLessThanOrEqual(844 - 16);
      }
    }
  });

  it('is at most 360 px wide, and the viewport minus both margins on a phone', () => {
    expect(place({ highlight: null, viewport: desktop }).width).toBe(360);
    expect(place({ highlight: null, viewport: phone }).width).toBe(358);
    expect(place({ highlight: null, viewport: { width: 320, height: 568 } }).width).toBe(288);
  });

  it('centres on the target but keeps 16 px from the viewport edges', () => {
    const left = place({ highlight: { top: 100, left: 0, width: 40, height: 40 }, viewport: desktop });
    expect(left.left).toBe(16);
    const right = place({ highlight: { top: 100, left: 1400, width: 40, height: 40 }, viewport: desktop });
    expect(right.left).toBe(1440 - 16 - 360);
    const middle = place({ highlight: { top: 100, left: 620, width: 200, height: 40 }, viewport: desktop });
    expect(middle.left).toBe(720 - 180);
  });

  it('points its tail at the target, inside the bubble', () => {
    const right = place({ highlight: { top: 100, left: 1400, width: 40, height: 40 }, viewport: desktop });
    expect(right.arrowX).toBe(340);
    const middle = place({ highlight: { top: 100, left: 620, width: 200, height: 40 }, viewport: desktop });
    expect(middle.arrowX).toBe(180);
  });

  it('takes the roomier side and stays inside the viewport when neither side fits', () => {
    const p = place({ highlight: { top: 100, left: 0, width: 390, height: 650 }, preferred: 'bottom' });
    expect(p).toMatchObject({ side: 'top', top: 16, overlaps: true, arrowX: null });
    const q = place({ highlight: { top: 60, left: 0, width: 390, height: 650 }, preferred: 'top' });
    expect(q).toMatchObject({ side: 'bottom', overlaps: true });
    expect(q.top + 200).toBeLessThanOrEqual(844 - 16);
  });

  it('stays inside the viewport when the target is off screen', () => {
    const above = place({ highlight: { top: -400, left: 40, width: 100, height: 40 }, preferred: 'top' });
    expect(above.top).toBeGreaterThanOrEqual(16);
    const below = place({ highlight: { top: 2000, left: 40, width: 100, height: 40 }, preferred: 'bottom' });
    expect(below.top + 200).toBeLessThanOrEqual(844 - 16);
  });

  it('is centred without a target', () => {
    const p = place({ highlight: null, viewport: desktop });
    expect(p).toMatchObject({ side: 'center', top: 350, left: 540, arrowX: null });
  });

  it('lets a bubble taller than the viewport scroll inside, from the top margin', () => {
    const p = place({ highlight: null, bubbleHeight: 2000 });
    expect(p.maxHeight).toBe(844 - 32);
    expect(p.top).toBe(16);
  });
});
