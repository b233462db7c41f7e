import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api, type MessageResponse } from '@/lib/api-client';

/** DELETE /api/account with the password as confirmation; the session ends with it. */
export function deleteAccount(password: string): Promise<MessageResponse> {
  return api.delete(apiPaths.account, { password });
}

export function useDeleteAccount() {
  return useSWRMutation(apiPaths.account, (_key: string, { arg }: { arg: string }) => deleteAccount(arg));
}
