import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';

/** What a link turned off: the preference's name and its label as /settings words it. */
export type Unsubscribed = ApiAnswer<'post', '/api/unsubscribe'>;

/**
 * POST /api/unsubscribe with the token of a mail's link (no session needed): turns that kind of mail off.
 * A token is single-use: the second time answers 409 UNSUBSCRIBE_TOKEN_USED, a forged one 400
 * INVALID_UNSUBSCRIBE_TOKEN.
 */
export function unsubscribe(token: string): Promise<Unsubscribed> {
  return api.post(apiPaths.unsubscribe, { token });
}
