/**
 * What an audit entry was done to, and where its screen is: a ticket's page, a member's user page, or the
 * staff screen for a staff account (named by its e-mail). A target type this build does not know has no
 * link and is shown as it came.
 */
import { adminPaths } from '@/config/admin-paths';
import type { AuditEntry, StaffMember } from '@/features/admin/api/types';
import { AUDIT_TARGET_LABELS, isAuditTargetType } from '@/features/admin/utils/labels';
import { staffEmail } from '@/features/admin/utils/staff-names';

export type AuditTarget = {
  /** お問い合わせ / 会員 / スタッフ. */
  kind: string;
  /** Which one: a staff account's e-mail, else the end of the id (UUIDv7 ids share their first digits). */
  name: string;
  /** The whole id, for a tooltip and for copying. */
  id: string | null;
  href: string | null;
};

/** The last 8 digits of an id: `…0000000a`. */
export function shortId(id: string): string {
  return id.length > 8 ? `…${id.slice(-8)}` : id;
}

export function auditTarget(
  entry: Pick<AuditEntry, 'targetType' | 'targetId'>,
  staff: readonly StaffMember[] | undefined,
): AuditTarget {
  const { targetType, targetId } = entry;
  const id = targetId ?? null;
  if (!isAuditTargetType(targetType)) return { kind: targetType, name: id === null ? '' : shortId(id), id, href: null };
  const kind = AUDIT_TARGET_LABELS[targetType];
  if (id === null) return { kind, name: '', id, href: null };
  switch (targetType) {
    case 'ticket':
      return { kind, name: shortId(id), id, href: adminPaths.ticket.href(id) };
    case 'member':
      return { kind, name: shortId(id), id, href: adminPaths.user.href(id) };
    case 'staff':
      return { kind, name: staffEmail(staff, id) ?? shortId(id), id, href: adminPaths.staff };
  }
}
