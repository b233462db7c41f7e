import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api, type MessageResponse } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

export type ResetPasswordInput = Required<ApiSchema<'ResetPasswordBody'>>;

/** POST /api/auth/reset-password: sets the new password and ends every session of the account. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return api.post(apiPaths.auth.resetPassword, input);
}

export function useResetPassword() {
  return useSWRMutation(apiPaths.auth.resetPassword, (_key: string, { arg }: { arg: ResetPasswordInput }) =>
    resetPassword(arg),
  );
}
