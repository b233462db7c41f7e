import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api, type MessageResponse } from '@/lib/api-client';

/** POST /api/auth/logout: the server destroys the session. */
export function logout(): Promise<MessageResponse> {
  return api.post(apiPaths.auth.logout);
}

export function useLogout() {
  return useSWRMutation(apiPaths.auth.logout, () => logout());
}
