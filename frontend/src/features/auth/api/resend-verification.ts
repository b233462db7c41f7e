import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export type ResendVerificationResponse = {
  message: string;
  /** How long until another code may be asked for. */
  cooldownSeconds: number;
};

/** POST /api/auth/resend-verification: answers the same for unknown addresses; 429 during the cooldown. */
export function resendVerification(email: string): Promise<ResendVerificationResponse> {
  return api.post<ResendVerificationResponse>(apiPaths.auth.resendVerification, { email });
}

export function useResendVerification() {
  return useSWRMutation(apiPaths.auth.resendVerification, (_key: string, { arg }: { arg: string }) =>
    resendVerification(arg),
  );
}
