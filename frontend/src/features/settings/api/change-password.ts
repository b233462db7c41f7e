import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api, type MessageResponse } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

export type ChangePasswordInput = Required<ApiSchema<'PasswordChangeBody'>>;

/** POST /api/settings/password: the other sessions of the account end, this one stays. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return api.post(apiPaths.settings.password, input);
}

export function useChangePassword() {
  return useSWRMutation(apiPaths.settings.password, (_key: string, { arg }: { arg: ChangePasswordInput }) =>
    changePassword(arg),
  );
}
