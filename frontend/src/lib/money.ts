/**
 * Yen and credits as the screens write them. Yen is a zero-decimal currency: the API's amounts are whole yen,
 * and so is what the screen shows (¥1,200). The member's shop and the staff's user page both use these.
 */

const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });

/** Whole yen: 1200 → ￥1,200. */
export function formatYen(amount: number): string {
  return yen.format(amount);
}

/** Credits with their sign, as a ledger line shows a change: +30, −1, 0. */
export function formatCreditDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${Math.abs(delta)}`;
  return '0';
}
