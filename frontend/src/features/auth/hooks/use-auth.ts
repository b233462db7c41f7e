import { useUser, type User } from '@/features/auth/api/get-user';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: User };

/** A user counts as signed in when the current-user call returned data without error (spec §6). */
export function useAuth(): AuthState {
  const { data, error } = useUser();
  if (data === undefined && !error) return { status: 'loading' };
  if (error || !data) return { status: 'signed-out' };
  return { status: 'signed-in', user: data };
}
