/**
 * The dashboard's figures as the cards write them. Counts and yen are whole numbers with thousands
 * separators (1,234; ￥12,800, as the shop writes prices); a share is a percentage to one decimal, rounded
 * half up on the exact ratio, and "—" when there is nothing to divide by (no members yet).
 */

const count = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

/** 1234 → 1,234. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** Whole yen, as the shop writes prices: 12800 → ￥12,800. */
export { formatYen } from '@/lib/money';

/** What a share shows when its total is 0. */
export const NO_SHARE = '—';

/**
 * `part` of `total` as a percentage to one decimal: 2 of 3 → 66.7%, 1 of 16 → 6.3%, 5 of 5 → 100.0%; 0 of 0
 * → "—". Rounded in tenths of a percent from integers (`part * 1000 / total`), so no float noise such as
 * 0.1 + 0.2 moves a half the wrong way.
 */
export function formatShare(part: number, total: number): string {
  if (total <= 0) return NO_SHARE;
  const tenths = Math.round((part * 1000) / total);
  return `${Math.floor(tenths / 10)}.${tenths % 10}%`;
}
