/**
 * Client-side checks of account fields (spec §5; docs/api/accounts.md). The gateway checks again and
 * has the last word; these only spare a round trip and say what is wrong next to the field.
 */
import { PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from '@/config/constants';

// The username rule is shared with identity and lives in its own module (lib/username.ts).
export { isValidUsername, USERNAME_HELP, USERNAME_INVALID } from '@/lib/username';

// One @, something on both sides, a dot in the domain: what a form can sensibly check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

export const EMAIL_INVALID = '正しいメールアドレスを入力してください';
export const PASSWORD_TOO_SHORT = `パスワードは${PASSWORD_MIN_LENGTH}文字以上で入力してください`;
export const PASSWORDS_DIFFER = 'パスワードが一致しません';
export const PASSWORD_HELP = `${PASSWORD_MIN_LENGTH}文字以上`;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isLongEnoughPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH;
}

export function isValidVerificationCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

/** Keeps only digits, at most the code's length: what the code field accepts as it is typed or pasted. */
export function normaliseVerificationCode(value: string): string {
  // Full-width digits (０-９) come from Japanese input methods.
  const halfWidth = value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  return halfWidth.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}
