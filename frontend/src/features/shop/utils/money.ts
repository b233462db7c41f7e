/**
 * Prices as the shop writes them. Yen is a zero-decimal currency: the API's amounts are whole yen, and so is
 * what the screen shows (¥1,200). The price of one credit is the one place a fraction can appear; it is
 * shown to one decimal place at most (¥48, ¥37.5), never rounded up into a price nobody charges. Whole yen
 * and a credit change are written by lib/money.ts, which the staff's user page shares.
 */
import { formatYen } from '@/lib/money';

export { formatCreditDelta, formatYen } from '@/lib/money';

const yenFraction = new Intl.NumberFormat('ja-JP', {
  style: 'currency',
  currency: 'JPY',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** The price of one credit of a pack: ¥1,200 for 30 → ￥40; ¥2,800 for 80 → ￥35. */
export function formatPricePerCredit(price: number, credits: number): string {
  if (credits <= 0) return formatYen(price);
  return yenFraction.format(Math.floor((price * 10) / credits) / 10);
}
