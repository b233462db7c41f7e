import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export type ConfirmEmailChangeResponse = {
  message: string;
  /** The account's address from now on. */
  email: string;
};

/** POST /api/auth/confirm-email-change with the token from the link in the confirmation mail. */
export function confirmEmailChange(token: string): Promise<ConfirmEmailChangeResponse> {
  return api.post<ConfirmEmailChangeResponse>(apiPaths.auth.confirmEmailChange, { token });
}
