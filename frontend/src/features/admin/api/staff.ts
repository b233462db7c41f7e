/**
 * Staff accounts (issue 25): adding one and changing one (deactivate, reactivate, role), admins only (the
 * gateway answers 403 ADMIN_FORBIDDEN to support). The list itself is `useStaff` (api/tickets.ts), which
 * the inbox and the audit log read for names too; after a change it is read again, so every screen's names
 * and pickers follow.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

import { adminApiPaths } from '@/config/admin-paths';
import { adminRequest } from '@/features/admin/api/admin-client';
import type { NewStaff, StaffChange, StaffMember } from '@/features/admin/api/types';

/** POST /api/admin/staff (201): the new account, with the first password the admin hands over apart. */
export function createStaff(staff: NewStaff): Promise<StaffMember> {
  return adminRequest<StaffMember>('POST', adminApiPaths.staff, staff);
}

/** PATCH /api/admin/staff/{id}: `isActive`, `role` or both. Nobody changes their own account (409 STAFF_SELF_CHANGE). */
export function changeStaff(adminId: string, change: StaffChange): Promise<StaffMember> {
  return adminRequest<StaffMember>('PATCH', adminApiPaths.staffMember(adminId), change);
}

/** After a change: the staff list is read again. */
export function useStaffChanged() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate(adminApiPaths.staff);
  }, [mutate]);
}
