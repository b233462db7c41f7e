import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api, type MessageResponse } from '@/lib/api-client';

/** POST /api/auth/forgot-password: always the same answer, whether the address is known or not. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post(apiPaths.auth.forgotPassword, { email });
}

export function useRequestPasswordReset() {
  return useSWRMutation(apiPaths.auth.forgotPassword, (_key: string, { arg }: { arg: string }) =>
    requestPasswordReset(arg),
  );
}
