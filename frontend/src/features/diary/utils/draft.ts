/**
 * The diary draft, kept in local storage per member so it survives a reload (and a failed save): the
 * text, the date, the letter settings and the draft's `clientId`. The id makes a save idempotent: a double
 * click, a retry or a save after a reload whose first answer was lost never makes a second entry. The
 * draft is removed once it is saved; the next one gets a fresh id.
 */
import { DIARY_DRAFT_KEY_PREFIX } from '@/config/constants';
import { isUuid } from '@/lib/ids';

export type Draft = {
  clientId: string;
  content: string;
  /** A plain entry's day (`YYYY-MM-DD`). */
  date: string;
  publishToFuture: boolean;
  /** A letter's delivery day, '' while none is chosen. */
  deliveryDate: string;
};

export function draftKey(userId: string): string {
  return `${DIARY_DRAFT_KEY_PREFIX}${userId}`;
}

export function newClientId(): string {
  return crypto.randomUUID();
}

/** A new, empty draft for `todayIso`. */
export function emptyDraft(todayIso: string): Draft {
  return { clientId: newClientId(), content: '', date: todayIso, publishToFuture: false, deliveryDate: '' };
}

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.clientId === 'string' &&
    isUuid(v.clientId) &&
    typeof v.content === 'string' &&
    typeof v.date === 'string' &&
    typeof v.publishToFuture === 'boolean' &&
    typeof v.deliveryDate === 'string'
  );
}

/** The stored draft of `userId`, or null when there is none (or it is unreadable). */
export function loadDraft(userId: string): Draft | null {
  try {
    const raw = localStorage.getItem(draftKey(userId));
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Whether the draft holds anything worth keeping (an untouched one is not stored). */
export function isBlank(draft: Draft, todayIso: string): boolean {
  return draft.content === '' && draft.date === todayIso && !draft.publishToFuture && draft.deliveryDate === '';
}

export function saveDraft(userId: string, draft: Draft): void {
  try {
    localStorage.setItem(draftKey(userId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the draft lives only as long as the page.
  }
}

export function clearDraft(userId: string): void {
  try {
    localStorage.removeItem(draftKey(userId));
  } catch {
    // Nothing stored.
  }
}
