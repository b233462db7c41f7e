/**
 * The username rule, mirrored from services/lib/meguri-username (whose crate docs explain each part).
 * identity enforces it; the forms check it to answer without a round trip. Both implementations run
 * every case of services/lib/meguri-username/vectors.json (username.test.ts here), so a change to
 * the rule starts in that file.
 */
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@/config/constants';

export type UsernameCheck =
  | { ok: true; name: string }
  | { ok: false; reason: 'character'; char: string }
  | { ok: false; reason: 'length'; chars: number }
  | { ok: false; reason: 'only_underscores' };

/** What the field says under it. */
export const USERNAME_HELP = `${USERNAME_MIN_LENGTH}〜${USERNAME_MAX_LENGTH}文字の英数字・ひらがな・カタカナ・漢字・_`;
/** The gateway's INVALID_USERNAME message, word for word. */
export const USERNAME_INVALID = `ユーザー名は${USERNAME_HELP}で入力してください`;

// Unicode White_Space, as Rust's char::is_whitespace (String.prototype.trim differs: it trims U+FEFF and keeps U+0085).
const SURROUNDING_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

/** NFKC, then the surrounding whitespace trimmed: the form identity stores. */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').replace(SURROUNDING_SPACE, '');
}

/** Whether one character (code point) may appear in a normalized username. */
export function isUsernameChar(c: string): boolean {
  const cp = c.codePointAt(0);
  if (cp === undefined || [...c].length !== 1) return false;
  return (
    (cp >= 0x61 && cp <= 0x7a) || // a-z
    (cp >= 0x41 && cp <= 0x5a) || // A-Z
    (cp >= 0x30 && cp <= 0x39) || // 0-9
    cp === 0x5f || // _
    (cp >= 0x3041 && cp <= 0x3096) || // hiragana
    (cp >= 0x30a1 && cp <= 0x30fa) || // katakana
    cp === 0x30fc || // ー
    (cp >= 0x309d && cp <= 0x309e) || // ゝゞ
    (cp >= 0x30fd && cp <= 0x30fe) || // ヽヾ
    cp === 0x3005 || // 々
    (cp >= 0x4e00 && cp <= 0x9fff) || // CJK unified ideographs
    (cp >= 0x3400 && cp <= 0x4dbf) // CJK extension A
  );
}

/** Checks in the crate's order: a character, then the length, then only underscores. */
export function parseUsername(raw: string): UsernameCheck {
  const name = normalizeUsername(raw);
  const chars = [...name];
  const bad = chars.find((c) => !isUsernameChar(c));
  if (bad !== undefined) return { ok: false, reason: 'character', char: bad };
  if (chars.length < USERNAME_MIN_LENGTH || chars.length > USERNAME_MAX_LENGTH) {
    return { ok: false, reason: 'length', chars: chars.length };
  }
  if (chars.every((c) => c === '_')) return { ok: false, reason: 'only_underscores' };
  return { ok: true, name };
}

export function isValidUsername(raw: string): boolean {
  return parseUsername(raw).ok;
}

/** The crate's CONFUSABLE_CHARS, folded after ASCII lowercasing. */
export const CONFUSABLE_CHARS: ReadonlyArray<readonly [string, string]> = [
  ['i', 'l'],
  ['1', 'l'],
  ['0', 'o'],
  ['力', 'カ'],
  ['口', 'ロ'],
  ['工', 'エ'],
  ['二', 'ニ'],
  ['一', 'ー'],
  ['八', 'ハ'],
  ['夕', 'タ'],
  ['卜', 'ト'],
  ['匕', 'ヒ'],
  ['才', 'オ'],
  ['丿', 'ノ'],
  ['乂', 'メ'],
  ['亻', 'イ'],
  ['乚', 'レ'],
  ['丶', 'ヽ'],
  ['へ', 'ヘ'],
  ['べ', 'ベ'],
  ['ぺ', 'ペ'],
];

/** The crate's CONFUSABLE_SEQUENCES, replaced left to right after the characters are folded. */
export const CONFUSABLE_SEQUENCES: ReadonlyArray<readonly [string, string]> = [
  ['rn', 'm'],
  ['vv', 'w'],
];

const FOLD = new Map(CONFUSABLE_CHARS);

/** The look-alike key of a name: equal keys are names a reader could take for one another. */
export function usernameSkeleton(name: string): string {
  const folded = [...normalizeUsername(name)]
    .map((c) => (c >= 'A' && c <= 'Z' ? c.toLowerCase() : c))
    .map((c) => FOLD.get(c) ?? c)
    .join('');
  return CONFUSABLE_SEQUENCES.reduce((key, [from, to]) => key.replaceAll(from, to), folded);
}

/** Whether two inputs are one name (ignoring ASCII case and width). */
export function isSameUsername(a: string, b: string): boolean {
  const lower = (s: string) => normalizeUsername(s).replace(/[A-Z]/g, (c) => c.toLowerCase());
  return lower(a) === lower(b);
}

export type Mention = {
  /** UTF-16 offsets of the mark and the run in the text (for highlighting). */
  start: number;
  end: number;
  /** The mark and the run as written. */
  written: string;
  /** Valid usernames the run may mean, longest first; never empty. */
  candidates: string[];
};

const isMark = (c: string) => c.normalize('NFKC') === '@';

const isRunChar = (c: string) =>
  [...c.normalize('NFKC')].every((d) => isUsernameChar(d) || d === '\u3099' || d === '\u309a');

// An ASCII letter, digit or _ before the mark makes it an address (hanako@example.jp), not a mention.
const blocks = (c: string) => /[A-Za-z0-9_]$/.test(c.normalize('NFKC'));

function candidatesOf(run: string): string[] {
  const chars = [...normalizeUsername(run)];
  const found: string[] = [];
  for (let n = Math.min(USERNAME_MAX_LENGTH, chars.length); n >= USERNAME_MIN_LENGTH; n -= 1) {
    const check = parseUsername(chars.slice(0, n).join(''));
    if (check.ok) found.push(check.name);
  }
  return found;
}

/**
 * The mention candidates in a text, as the crate's `mentions`: `@` (or ＠) at the start or after
 * anything but an ASCII letter, digit or _, then every following username character as written; each
 * mention lists the run's prefixes that are valid usernames, longest first, for a resolver to try.
 */
export function findMentions(text: string): Mention[] {
  const chars = [...text];
  const found: Mention[] = [];
  let previous: string | undefined;
  let offset = 0;
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] ?? '';
    if (isMark(c) && !(previous !== undefined && blocks(previous))) {
      const start = offset;
      let end = offset + c.length;
      let last = c;
      let j = i + 1;
      for (let d = chars[j]; d !== undefined && isRunChar(d); d = chars[j]) {
        end += d.length;
        last = d;
        j += 1;
      }
      const candidates = candidatesOf(text.slice(start + c.length, end));
      if (candidates.length > 0) found.push({ start, end, written: text.slice(start, end), candidates });
      previous = last;
      offset = end;
      i = j;
    } else {
      previous = c;
      offset += c.length;
      i += 1;
    }
  }
  return found;
}
