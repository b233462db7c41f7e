import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** The message and how long until another code may be asked for (generated from the gateway's document). */
export type ResendVerificationResponse = ApiSchema<'ResendAnswer'>;

/** POST /api/auth/resend-verification: answers the same for unknown addresses; 429 during the cooldown. */
export function resendVerification(email: string): Promise<ResendVerificationResponse> {
  return api.post(apiPaths.auth.resendVerification, { email });
}

export function useResendVerification() {
  return useSWRMutation(apiPaths.auth.resendVerification, (_key: string, { arg }: { arg: string }) =>
    resendVerification(arg),
  );
}
