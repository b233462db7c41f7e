/**
 * What staff are writing in a ticket's composer, kept in this tab's sessionStorage while they write: a session
 * that runs out mid-reply leads to the login and back, and the text is still there. A draft goes once it is
 * stored by the gateway, and every draft goes at ログアウト (member data should not outlive the session that
 * a person ended on purpose).
 */

const PREFIX = 'meguri:admin-draft:';

export type Draft = { body: string; internal: boolean };

export function readDraft(ticketId: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + ticketId);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { body, internal } = value as Record<string, unknown>;
    return typeof body === 'string' && typeof internal === 'boolean' ? { body, internal } : null;
  } catch {
    return null;
  }
}

/** Keeps the draft; an empty text removes it. */
export function saveDraft(ticketId: string, draft: Draft): void {
  try {
    if (draft.body === '') sessionStorage.removeItem(PREFIX + ticketId);
    else sessionStorage.setItem(PREFIX + ticketId, JSON.stringify(draft));
  } catch {
    // Storage full or refused: the text is still on screen, only not kept past a sign-in.
  }
}

export function clearDraft(ticketId: string): void {
  try {
    sessionStorage.removeItem(PREFIX + ticketId);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

export function clearAllDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
    }
  } catch {
    // Nothing kept, nothing to clear.
  }
}
