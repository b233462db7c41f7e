import {
  EMAIL_INVALID,
  isLongEnoughPassword,
  isValidEmail,
  isValidUsername,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
  USERNAME_INVALID,
} from '@/lib/account-validation';

export type AccountFields = {
  email: string;
  username: string;
  password: string;
  passwordConfirmation: string;
  /** The terms and privacy policy checkbox. */
  agreed: boolean;
};

export type AccountFieldName = Exclude<keyof AccountFields, 'agreed'>;

export type AccountCheck =
  | { ok: true }
  | {
      ok: false;
      /** What the toast says (spec §5 "Signup account step checks"). */
      title: string;
      description?: string;
      /** The field at fault and what to show under it. */
      errors: Partial<Record<AccountFieldName, string>>;
    };

export const CONSENT_REQUIRED = { title: '同意が必要です', description: '利用規約およびプライバシーポリシーに同意してください' };
export const INPUT_ERROR = { title: '入力エラー', description: '必要な情報を正しく入力してください' };

/** The account step's checks, in the spec's order: consent, matching passwords, length, then the rest. */
export function checkAccountFields(fields: AccountFields): AccountCheck {
  if (!fields.agreed) return { ok: false, ...CONSENT_REQUIRED, errors: {} };
  if (fields.password !== fields.passwordConfirmation) {
    return { ok: false, title: PASSWORDS_DIFFER, errors: { passwordConfirmation: PASSWORDS_DIFFER } };
  }
  if (!isLongEnoughPassword(fields.password)) {
    return { ok: false, title: PASSWORD_TOO_SHORT, errors: { password: PASSWORD_TOO_SHORT } };
  }
  const errors: Partial<Record<AccountFieldName, string>> = {};
  if (!isValidEmail(fields.email)) errors.email = EMAIL_INVALID;
  if (!isValidUsername(fields.username)) errors.username = USERNAME_INVALID;
  if (Object.keys(errors).length > 0) return { ok: false, ...INPUT_ERROR, errors };
  return { ok: true };
}
