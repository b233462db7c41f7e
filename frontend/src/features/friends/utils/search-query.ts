import { FRIEND_SEARCH_MAX_LENGTH } from '@/config/constants';

export type SearchQuery = { kind: 'empty' } | { kind: 'too-long' } | { kind: 'ok'; query: string };

/**
 * What the search box asks for: the text without surrounding spaces and a leading '@' (people often
 * type a handle that way). Empty asks nothing; more than the gateway's 30 characters (counted as
 * characters, not UTF-16 units) is said on screen instead of sent.
 */
export function readSearchQuery(text: string): SearchQuery {
  const query = text.trim().replace(/^[@＠]+/, '').trim();
  if (query === '') return { kind: 'empty' };
  if (Array.from(query).length > FRIEND_SEARCH_MAX_LENGTH) return { kind: 'too-long' };
  return { kind: 'ok', query };
}
