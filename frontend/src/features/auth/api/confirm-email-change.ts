import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** The message and the account's address from now on (generated from the gateway's document). */
export type ConfirmEmailChangeResponse = ApiSchema<'EmailChangedAnswer'>;

/** POST /api/auth/confirm-email-change with the token from the link in the confirmation mail. */
export function confirmEmailChange(token: string): Promise<ConfirmEmailChangeResponse> {
  return api.post(apiPaths.auth.confirmEmailChange, { token });
}
