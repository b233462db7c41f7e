import { createContext, useContext } from 'react';

import type { AdminSession } from '@/features/admin/stores/admin-session';

export type SignedInAdmin = {
  session: AdminSession;
  /** Time left on the token, in ms, as of the last tick (once a second). */
  remainingMs: number;
};

export const SignedInAdminContext = createContext<SignedInAdmin | null>(null);

/** The signed-in staff member and the session's time left; only inside the guard (RequireAdminSession). */
export function useSignedInAdmin(): SignedInAdmin {
  const value = useContext(SignedInAdminContext);
  if (value === null) throw new Error('useSignedInAdmin outside RequireAdminSession');
  return value;
}
