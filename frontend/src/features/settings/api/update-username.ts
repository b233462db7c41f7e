import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/** PATCH /api/settings/username. The answer is the user object, which the screen re-reads anyway. */
export function updateUsername(username: string): Promise<ApiSchema<'UserBody'>> {
  return api.patch(apiPaths.settings.username, { username });
}

export function useUpdateUsername() {
  return useSWRMutation(apiPaths.settings.username, (_key: string, { arg }: { arg: string }) => updateUsername(arg));
}
