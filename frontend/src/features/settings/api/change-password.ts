import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api, type MessageResponse } from '@/lib/api-client';

export type ChangePasswordInput = {
  currentPassword: string;
  newPassword: string;
};

/** POST /api/settings/password: the other sessions of the account end, this one stays. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>(apiPaths.settings.password, input);
}

export function useChangePassword() {
  return useSWRMutation(apiPaths.settings.password, (_key: string, { arg }: { arg: ChangePasswordInput }) =>
    changePassword(arg),
  );
}
