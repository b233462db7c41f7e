import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { userKey, type User } from '@/features/auth/api/get-user';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

export type VerifyEmailInput = Required<ApiSchema<'VerifyEmailBody'>>;

/** POST /api/auth/verify-email: a right code verifies the address and signs the person in. */
export function verifyEmail(input: VerifyEmailInput): Promise<User> {
  return api.post(apiPaths.auth.verifyEmail, input);
}

export function useVerifyEmail() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(apiPaths.auth.verifyEmail, async (_key: string, { arg }: { arg: VerifyEmailInput }) => {
    const user = await verifyEmail(arg);
    await mutate(userKey(), user);
    return user;
  });
}
