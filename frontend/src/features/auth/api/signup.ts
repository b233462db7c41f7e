import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { Coordinates } from '@/lib/birth-data';

/** The body of POST /api/auth/signup (docs/api/accounts.md). */
export type SignupInput = {
  email: string;
  password: string;
  username: string;
  /** Left out when the person skipped the question. */
  gender?: 'male' | 'female';
  birthDate: string;
  /** HH:MM, or '' when skipped (the server uses 12:00 and keeps that the time is unknown). */
  birthTime: string;
  birthLocation: string;
  coordinates: Coordinates;
  privacyPolicyAccepted: true;
  analyticsConsent: false;
  marketingConsent: false;
};

export type SignupResponse = {
  message: string;
  email: string;
};

/** Creates the account (not yet verified) and sends the 6-digit code to the address. */
export function signup(input: SignupInput): Promise<SignupResponse> {
  return api.post<SignupResponse>(apiPaths.auth.signup, input);
}

export function useSignup() {
  return useSWRMutation(apiPaths.auth.signup, (_key: string, { arg }: { arg: SignupInput }) => signup(arg));
}
