import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export type ChangeEmailInput = {
  newEmail: string;
  currentPassword: string;
};

export type ChangeEmailResponse = {
  message: string;
  /** The address waiting for its confirmation link. */
  pendingEmail: string;
};

/** POST /api/settings/email: mails a confirmation link to the new address; nothing changes until it is opened. */
export function changeEmail(input: ChangeEmailInput): Promise<ChangeEmailResponse> {
  return api.post<ChangeEmailResponse>(apiPaths.settings.email, input);
}

export function useChangeEmail() {
  return useSWRMutation(apiPaths.settings.email, (_key: string, { arg }: { arg: ChangeEmailInput }) =>
    changeEmail(arg),
  );
}
