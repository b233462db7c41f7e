import type { DiaryEntry } from '@/features/diary/api/types';

/** How an entry reads on screen: a plain entry, a sealed letter (no text yet) or a letter from the past. */
export type EntryKind = 'plain' | 'sealed' | 'letter';

export function entryKind(entry: Pick<DiaryEntry, 'publishToFuture' | 'sealed'>): EntryKind {
  if (entry.sealed) return 'sealed';
  return entry.publishToFuture ? 'letter' : 'plain';
}

/** The usernames an entry's `@handles` resolved to: only these are highlighted. */
export function mentionedUsernames(entry: Pick<DiaryEntry, 'mentions'>): string[] {
  return entry.mentions.map((member) => member.username);
}
