import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

type SignUpBody = ApiSchema<'SignUpBody'>;

/**
 * What the sign-up form sends: the gateway's `SignUpBody` (docs/api/accounts.md) with every field the form
 * fills in required. `gender` is left out when the person skipped the question (`other` is not offered here);
 * `birthTime` is HH:MM, or '' when skipped (the server uses 12:00 and keeps that the time is unknown); the
 * consents are this form's fixed answers; `dstChoice` only once the gateway asked how to read a time a summer-time
 * change skipped or repeated (400 NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME with its `choices`).
 */
export type SignupInput = {
  [Field in 'email' | 'password' | 'username' | 'birthDate' | 'birthTime' | 'birthLocation' | 'coordinates']-?: NonNullable<
    SignUpBody[Field]
  >;
} & {
  gender?: Exclude<ApiSchema<'GenderName'>, 'other'>;
  privacyPolicyAccepted: true;
  analyticsConsent: false;
  marketingConsent: false;
  /** The inviter's id when the visitor came through an invite link (a UUID). */
  inviterId?: NonNullable<SignUpBody['inviterId']>;
  dstChoice?: NonNullable<SignUpBody['dstChoice']>;
};

export type SignupResponse = ApiSchema<'SignUpAnswer'>;

/** Creates the account (not yet verified) and sends the 6-digit code to the address. */
export function signup(input: SignupInput): Promise<SignupResponse> {
  return api.post(apiPaths.auth.signup, input);
}

export function useSignup() {
  return useSWRMutation(apiPaths.auth.signup, (_key: string, { arg }: { arg: SignupInput }) => signup(arg));
}
