/**
 * The Japanese words for a purchase's status and a ledger entry's reason. The member's purchase history
 * (features/shop) and the staff's user page (features/admin) both name them, so one reason reads the same to
 * the member and to the staff member helping them.
 */
import type { ApiSchema } from '@/types/api';

export type PurchaseStatus = ApiSchema<'PurchaseStatus'>;

const STATUS_LABELS: Record<PurchaseStatus, string> = {
  pending: '処理中',
  completed: '完了',
  expired: '期限切れ',
  failed: '失敗',
  canceled: 'キャンセル',
  refunded: '返金済み',
};

/** 処理中, 完了, 期限切れ, 失敗, キャンセル, 返金済み. */
export function purchaseStatusLabel(status: PurchaseStatus): string {
  return STATUS_LABELS[status];
}

const REASON_LABELS: Readonly<Record<string, string>> = {
  signup_bonus: '登録特典',
  chat_message: 'チャット',
  chat_refund: 'チャットの返金',
  purchase: '購入',
  purchase_refund: '購入の返金',
  admin_grant: '付与',
  // A staff member's adjustment (issue 25): the member sees only this, never the staff's note.
  admin_adjustment: '運営による調整',
};

/**
 * Why the balance changed, in Japanese. The ledger's reasons are an open set (billing may add one before
 * this screen learns it), so an unknown reason reads as a plain 増加 or 減少 rather than as a code.
 */
export function ledgerReasonLabel(reason: string, delta: number): string {
  return REASON_LABELS[reason] ?? (delta < 0 ? 'クレジットの減少' : 'クレジットの追加');
}
