import { ELEMENT_KEYS, type ElementBalance, type ElementKey } from '@/lib/bazi';

/** An element whose share is below this (in %) counts as weak: an even balance gives each 20 %. */
export const WEAK_SHARE_PERCENT = 15;

export type ElementStanding = 'dominant' | 'missing' | 'weak' | 'normal';

export type ElementShare = {
  key: ElementKey;
  value: number;
  /** Whole percent of the total; the five add up to exactly 100 (0 each when the total is 0). */
  percent: number;
  standing: ElementStanding;
};

/**
 * Whole percentages that add up to 100 (largest remainder): 1/3, 1/3, 1/3 → 34, 33, 33, so a chart
 * never reads 99 % or 101 % in total. Ties go to the earlier element.
 */
export function wholePercents(values: readonly number[]): number[] {
  const total = values.reduce((sum, value) => sum + Math.max(0, value), 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((value) => (Math.max(0, value) / total) * 100);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

/**
 * The five elements in 相生 order with their share and standing: the dominant one (as the server names
 * it), the missing ones (0) and the weak ones (under 15 %).
 */
export function elementShares(elements: ElementBalance): ElementShare[] {
  const percents = wholePercents(ELEMENT_KEYS.map((key) => elements[key]));
  return ELEMENT_KEYS.map((key, index) => {
    const value = elements[key];
    const percent = percents[index] ?? 0;
    let standing: ElementStanding = 'normal';
    if (key === elements.dominant && value > 0) standing = 'dominant';
    else if (value <= 0) standing = 'missing';
    else if (percent < WEAK_SHARE_PERCENT) standing = 'weak';
    return { key, value, percent, standing };
  });
}

export const STANDING_LABELS: Record<ElementStanding, string> = {
  dominant: 'いちばん多い',
  missing: 'なし',
  weak: '控えめ',
  normal: '',
};

/** 2 → "2", 2.5 → "2.5" (values can be weighted). */
export const formatElementValue = (value: number) =>
  Number.isInteger(value) ? String(value) : String(Math.round(value * 10) / 10);
