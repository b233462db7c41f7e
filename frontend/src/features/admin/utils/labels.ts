/** The words the admin screens use for the contract's values. */
import type { AdminRole, ChartStatus, TicketPriority, TicketStatus } from '@/features/admin/api/types';

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

/** What the audit log records (docs/api/admin.md, AuditEntry), in the words of the screens that do it. */
export const AUDIT_ACTION_LABELS = {
  'staff.sign_in': 'ログイン',
  'staff.create': 'スタッフ追加',
  'staff.role': '権限の変更',
  'staff.deactivate': 'スタッフ無効化',
  'staff.reactivate': 'スタッフ再有効化',
  'ticket.assign': '担当の変更',
  'ticket.status': 'ステータスの変更',
  'ticket.priority': '優先度の変更',
  'ticket.reply': '返信',
  'ticket.note': '社内メモ',
  'credits.adjust': 'クレジット調整',
  'chart.retry': '命式の再作成',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export function isAuditAction(value: string | null): value is AuditAction {
  return value !== null && Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

/** What an audit entry was done to. */
export const AUDIT_TARGET_LABELS = {
  ticket: 'お問い合わせ',
  member: '会員',
  staff: 'スタッフ',
} as const;

export type AuditTargetType = keyof typeof AUDIT_TARGET_LABELS;

export const AUDIT_TARGET_TYPES = Object.keys(AUDIT_TARGET_LABELS) as AuditTargetType[];

export function isAuditTargetType(value: string | null): value is AuditTargetType {
  return value !== null && Object.hasOwn(AUDIT_TARGET_LABELS, value);
}

/** Whether a staff account's role (the document types it as text) is one this build knows. */
export function isAdminRole(value: string | null): value is AdminRole {
  return value !== null && Object.hasOwn(ROLE_LABELS, value);
}

/** A member's chart as the user page names its state (the chart itself is never shown to staff). */
export const CHART_STATUS_LABELS: Record<ChartStatus, string> = {
  pending: '準備中',
  generating: '作成中',
  ready: '作成済み',
  failed: '失敗',
};

/** In a user page's card whose service did not answer (the part is null and named in `unavailable`). */
export const PART_UNAVAILABLE = '現在この情報を取得できません';

/** Where a member has no username (the list and the user page). */
export const NO_USERNAME = '（ユーザー名なし）';
