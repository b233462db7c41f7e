/** The diary's text rule, as social applies it: trimmed, NFC, 1–1000 characters (Unicode scalar values). */
import { DIARY_CONTENT_MAX_LENGTH } from '@/config/constants';

// Unicode White_Space, as Rust's str::trim (String.prototype.trim differs at U+FEFF and U+0085).
const SURROUNDING_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

/** The text as social stores it. */
export function normalizeContent(raw: string): string {
  return raw.replace(SURROUNDING_SPACE, '').normalize('NFC');
}

/** How many characters social counts in `raw`. */
export function contentLength(raw: string): number {
  return [...normalizeContent(raw)].length;
}

export type ContentCheck = 'ok' | 'empty' | 'too-long';

export function checkContent(raw: string): ContentCheck {
  const length = contentLength(raw);
  if (length === 0) return 'empty';
  return length > DIARY_CONTENT_MAX_LENGTH ? 'too-long' : 'ok';
}
