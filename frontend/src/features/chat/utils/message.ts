/** The message rule as the chat service applies it: not blank, at most the configured characters. */

// Unicode White_Space, as Rust's str::trim (String.prototype.trim differs at U+FEFF and U+0085).
const SURROUNDING_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

/** The text as it is sent: without surrounding white space. */
export function normalizeMessage(raw: string): string {
  return raw.replace(SURROUNDING_SPACE, '');
}

/** How many characters the service counts (Unicode scalar values, so an emoji is one). */
export function messageLength(raw: string): number {
  return [...normalizeMessage(raw)].length;
}

export type MessageCheck = 'ok' | 'empty' | 'too-long';

export function checkMessage(raw: string, maxLength: number): MessageCheck {
  const length = messageLength(raw);
  if (length === 0) return 'empty';
  return length > maxLength ? 'too-long' : 'ok';
}

/** The browser's offset from UTC in minutes, as `Date#getTimezoneOffset` (Japan: -540): "today" for the mascot. */
export function timezoneOffset(now: Date = new Date()): number {
  return now.getTimezoneOffset();
}
