/**
 * The rules of a staff credit adjustment (POST /api/admin/users/{id}/credits), checked before sending so a
 * mistake shows at once; the gateway checks again. The amount is a whole number of credits, 1–100000, given
 * or taken away; the reason (1–200 characters, counted as the server counts them) is required and stays
 * with the ledger entry for staff (the member sees only 運営による調整).
 */

/** 付与 (credits added) or 減算 (credits taken away). */
export type AdjustmentDirection = 'grant' | 'deduct';

export const AMOUNT_MAX = 100_000;
export const REASON_MAX = 200;

export const DIRECTION_LABELS: Record<AdjustmentDirection, string> = { grant: '付与', deduct: '減算' };

/** Characters (code points) of `text`, as the server counts them. */
export function reasonLength(text: string): number {
  return [...text].length;
}

/** The amount typed, with full-width digits read as digits (a Japanese keyboard may give ５); null if not 1–100000. */
export function parseAmount(text: string): number | null {
  const digits = text.trim().replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
  if (!/^\d+$/.test(digits)) return null;
  const amount = Number(digits);
  return amount >= 1 && amount <= AMOUNT_MAX ? amount : null;
}

export type AdjustmentProblems = { amount: string | null; reason: string | null };

/** What is wrong with each field, or null for one that is fine. */
export function adjustmentProblems(amountText: string, reason: string): AdjustmentProblems {
  const text = reason.trim();
  return {
    amount: parseAmount(amountText) === null ? `数量は1〜${AMOUNT_MAX}の整数で入力してください` : null,
    reason:
      text === ''
        ? '理由を入力してください'
        : reasonLength(text) > REASON_MAX
          ? `理由は${REASON_MAX}文字以内で入力してください`
          : null,
  };
}

/** The `delta` sent: the amount, negative for a deduction. */
export function adjustmentDelta(direction: AdjustmentDirection, amount: number): number {
  return direction === 'deduct' ? -amount : amount;
}

/** What the snackbar says once the gateway has stored it: 5クレジットを付与しました / 3クレジットを減算しました. */
export function adjustmentDoneMessage(delta: number): string {
  return `${Math.abs(delta)}クレジットを${DIRECTION_LABELS[delta < 0 ? 'deduct' : 'grant']}しました`;
}
