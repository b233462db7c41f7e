import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { userKey, type User } from '@/features/auth/api/get-user';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

export type LoginInput = Required<ApiSchema<'LoginBody'>>;

/** POST /api/auth/login: the answer is the user, and the session cookie is set. */
export function login(input: LoginInput): Promise<User> {
  return api.post(apiPaths.auth.login, input);
}

/** Signs in and puts the user into the current-user cache (which also re-reads it from the server). */
export function useLogin() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(apiPaths.auth.login, async (_key: string, { arg }: { arg: LoginInput }) => {
    const user = await login(arg);
    await mutate(userKey(), user);
    return user;
  });
}
