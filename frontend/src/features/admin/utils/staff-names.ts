import type { StaffMember } from '@/features/admin/api/types';

/** Staff are known by their e-mail (the staff list has no display name). */
export function staffEmail(staff: readonly StaffMember[] | undefined, id: string): string | null {
  return staff?.find((member) => member.id === id)?.email ?? null;
}

/** Who a ticket is assigned to: 未割り当て, the signed-in one marked （自分）, or a staff member's e-mail. */
export function assigneeLabel(assignedTo: string | null, myId: string, staff: readonly StaffMember[] | undefined): string {
  if (assignedTo === null) return '未割り当て';
  const email = staffEmail(staff, assignedTo);
  if (assignedTo === myId) return email === null ? '自分' : `${email}（自分）`;
  return email ?? '不明なスタッフ';
}
