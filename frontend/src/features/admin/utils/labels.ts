/** The words the admin screens use for the contract's values. */
import type { AdminRole, TicketPriority, TicketStatus } from '@/features/admin/api/types';

/** As the member sees them (features/support: 受付中 / 対応中 / 完了), so staff and member speak alike. */
export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: '受付中',
  in_progress: '対応中',
  closed: '完了',
};

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: '低',
  normal: '通常',
  high: '高',
  urgent: '緊急',
};

export const ROLE_LABELS: Record<AdminRole, string> = {
  admin: '管理者',
  support: 'サポート',
};

export const TICKET_STATUSES = Object.keys(STATUS_LABELS) as TicketStatus[];
export const TICKET_PRIORITIES = Object.keys(PRIORITY_LABELS) as TicketPriority[];

export function isTicketStatus(value: string | null): value is TicketStatus {
  return value !== null && Object.hasOwn(STATUS_LABELS, value);
}

export function isTicketPriority(value: string | null): value is TicketPriority {
  return value !== null && Object.hasOwn(PRIORITY_LABELS, value);
}

/** The name the gateway gives a staff reply when none is sent, and the one shown when a message has none. */
export const DEFAULT_STAFF_NAME = 'サポート担当';

/** Where a ticket's member deleted the account (the gateway sends no member then). */
export const DELETED_MEMBER = '退会済みの会員';

/** The notice on the login after a session ended by time or by the gateway's 401. */
export const SESSION_EXPIRED_NOTICE = 'セッションの有効期限が切れました。もう一度ログインしてください';
