/**
 * What an audit entry changed, in words: `before → after` with each value as the screens name it (a staff
 * id as the e-mail, a status, priority or role by its label, a balance as a number). The log keeps values as
 * text (docs/api/admin.md, AuditEntry); one this screen does not know is shown as it came.
 */
import type { AuditEntry, StaffMember } from '@/features/admin/api/types';
import { formatCount } from '@/features/admin/utils/dashboard-figures';
import {
  isAdminRole,
  isTicketPriority,
  isTicketStatus,
  PRIORITY_LABELS,
  ROLE_LABELS,
  STATUS_LABELS,
} from '@/features/admin/utils/labels';
import { staffEmail } from '@/features/admin/utils/staff-names';

type Change = Pick<AuditEntry, 'action' | 'before' | 'after'>;

const ACTIVE: Record<string, string> = { true: '有効', active: '有効', false: '無効', inactive: '無効' };

/** One side of a change as the screens name it; null is "nothing" (for an assignment: nobody). */
export function auditValueText(action: string, value: string | null, staff: readonly StaffMember[] | undefined): string {
  if (action === 'ticket.assign') {
    if (value === null) return '未割り当て';
    return staffEmail(staff, value) ?? '不明なスタッフ';
  }
  if (value === null) return '—';
  switch (action) {
    case 'ticket.status':
      return isTicketStatus(value) ? STATUS_LABELS[value] : value;
    case 'ticket.priority':
      return isTicketPriority(value) ? PRIORITY_LABELS[value] : value;
    case 'staff.role':
    case 'staff.create':
      return isAdminRole(value) ? ROLE_LABELS[value] : value;
    case 'staff.deactivate':
    case 'staff.reactivate':
      return ACTIVE[value] ?? value;
    case 'credits.adjust':
      return /^-?\d+$/.test(value) ? formatCount(Number(value)) : value;
    default:
      return value;
  }
}

/**
 * `before → after`, or only the new value when there was none before (an account created), or '' when the
 * entry carries neither. A reply or note records the message's id, never its text: there is nothing to show.
 */
export function auditChangeText(change: Change, staff: readonly StaffMember[] | undefined): string {
  const { action, before, after } = change;
  if (action === 'ticket.reply' || action === 'ticket.note') return '';
  if (before === null && after === null) return '';
  const text = (value: string | null) => auditValueText(action, value, staff);
  if (before === null && action !== 'ticket.assign') return text(after);
  return `${text(before)} → ${text(after)}`;
}
