/**
 * Prices as the shop writes them. Yen is a zero-decimal currency: the API's amounts are whole yen, and so is
 * what the screen shows (¥1,200). The price of one credit is the one place a fraction can appear; it is
 * shown to one decimal place at most (¥48, ¥37.5), never rounded up into a price nobody charges.
 */

const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });
const yenFraction = new Intl.NumberFormat('ja-JP', {
  style: 'currency',
  currency: 'JPY',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Whole yen: 1200 → ￥1,200. */
export function formatYen(amount: number): string {
  return yen.format(amount);
}

/** The price of one credit of a pack: ¥1,200 for 30 → ￥40; ¥2,800 for 80 → ￥35. */
export function formatPricePerCredit(price: number, credits: number): string {
  if (credits <= 0) return formatYen(price);
  return yenFraction.format(Math.floor((price * 10) / credits) / 10);
}

/** Credits with their sign, as a ledger line shows a change: +30, −1, 0. */
export function formatCreditDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${Math.abs(delta)}`;
  return '0';
}
