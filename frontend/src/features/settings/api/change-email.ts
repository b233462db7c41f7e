import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

export type ChangeEmailInput = Required<ApiSchema<'EmailChangeBody'>>;

/** The message and the address waiting for its confirmation link. */
export type ChangeEmailResponse = ApiSchema<'EmailChangeAnswer'>;

/** POST /api/settings/email: mails a confirmation link to the new address; nothing changes until it is opened. */
export function changeEmail(input: ChangeEmailInput): Promise<ChangeEmailResponse> {
  return api.post(apiPaths.settings.email, input);
}

export function useChangeEmail() {
  return useSWRMutation(apiPaths.settings.email, (_key: string, { arg }: { arg: ChangeEmailInput }) =>
    changeEmail(arg),
  );
}
