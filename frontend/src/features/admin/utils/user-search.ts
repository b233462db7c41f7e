/**
 * The member search as it sits in the page's URL (`/admin/users?q=mio`): a search can be linked to, survives
 * a reload, and is still there when staff come back from a user page. The same text goes to
 * GET /api/admin/users as `q` (an id, or text in the e-mail or username).
 */
import type { UserListQuery } from '@/config/admin-paths';

/** The longest search the gateway takes (longer: 400 SEARCH_TOO_LONG). */
export const USER_SEARCH_MAX = 100;

/** `text` cut to what the gateway takes, counted in characters (code points) as the server does. */
export function clipSearch(text: string): string {
  return [...text].slice(0, USER_SEARCH_MAX).join('');
}

/** The search of a URL's query: trimmed, and cut to the gateway's limit rather than refused. */
export function searchFromParams(params: URLSearchParams): string {
  return clipSearch((params.get('q') ?? '').trim());
}

/** The URL query of a search; no search leaves the URL bare. */
export function searchToParams(q: string): URLSearchParams {
  const params = new URLSearchParams();
  const text = q.trim();
  if (text !== '') params.set('q', text);
  return params;
}

/** GET /api/admin/users for one page of the search. */
export function userListQuery(q: string, cursor: string | null, limit: number): UserListQuery {
  return { q: q.trim(), cursor, limit };
}

/** What the list hands to a user page it opens, so the page's way back returns to the same search. */
export type UserListState = { listSearch: string };

/** The list's query string (`?q=mio`) a user page was opened from; '' when it was opened some other way. */
export function listSearchFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const search = (state as Partial<UserListState>).listSearch;
  return typeof search === 'string' && /^\?[^#]*$/.test(search) ? search : '';
}
