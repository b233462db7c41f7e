/**
 * Mentions in a diary text, on top of lib/username.ts's `findMentions` (the crate's rule): where the
 * picker puts `@username `, and which parts of a text to highlight.
 */
import { findMentions, isSameUsername, normalizeUsername } from '@/lib/username';

/** An ASCII letter, digit or _ right before `@` makes it part of an address, not a mention (lib/username.ts). */
const BLOCKS_MARK = /[A-Za-z0-9_]$/;

/**
 * `text` with `@username ` put in place of the selection `start`–`end`, and where the caret goes after it.
 * A space goes before the mark when the character before it would otherwise hide the mention, and no
 * space after it when one already follows.
 */
export function insertMention(text: string, start: number, end: number, username: string): { text: string; caret: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = BLOCKS_MARK.test(before.normalize('NFKC')) ? ' ' : '';
  const trail = /^\s/.test(after) ? '' : ' ';
  const inserted = `${lead}@${username}${trail}`;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}

export type Segment = { text: string; mention: boolean };

/**
 * The longest start of the run after the mark that, normalized, is a name `accepts` takes; the run as
 * written (so full-width letters stay full-width), or null.
 */
function writtenPrefix(run: string, accepts: (name: string) => boolean): string | null {
  const chars = [...run];
  for (let n = chars.length; n > 0; n -= 1) {
    const prefix = chars.slice(0, n).join('');
    if (accepts(normalizeUsername(prefix))) return prefix;
  }
  return null;
}

/**
 * `text` cut into plain and highlighted parts. With `known` (the usernames the entry's mentions resolved
 * to) only those handles are highlighted, and only as far as the name goes (`@taroと` → `@taro`); without
 * it every handle is, as far as its longest possible username.
 */
export function mentionSegments(text: string, known?: readonly string[]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const mention of findMentions(text)) {
    const mark = [...mention.written][0] ?? '@';
    const run = mention.written.slice(mark.length);
    const accepts = known
      ? (name: string) => known.some((username) => isSameUsername(username, name))
      : (name: string) => mention.candidates.includes(name);
    const prefix = writtenPrefix(run, accepts);
    if (prefix === null) continue;
    if (mention.start > at) segments.push({ text: text.slice(at, mention.start), mention: false });
    const end = mention.start + mark.length + prefix.length;
    segments.push({ text: text.slice(mention.start, end), mention: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mention: false });
  return segments;
}
