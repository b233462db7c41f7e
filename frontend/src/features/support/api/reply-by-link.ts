/**
 * The reply link's page (public: the token of the mailed link is the proof, no session is needed). Any link
 * that does not work — unknown, expired, altered, another ticket's — is the same 404 REPLY_LINK_INVALID.
 */
import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { ReplyByLink, ReplyThread, TicketMessage } from '@/features/support/api/types';
import { api } from '@/lib/api-client';

export function replyThreadKey(token: string) {
  return apiPaths.support.reply(token);
}

/** GET /api/public/support/reply/{token}: the ticket, its thread as the member sees it, and the link's expiry. */
export function getReplyThread(token: string): Promise<ReplyThread> {
  return api.get<'/api/public/support/reply/{token}'>(apiPaths.support.reply(token));
}

/** The link's thread; nothing is asked without a token. */
export function useReplyThread(token: string) {
  return useSWR<ReplyThread>(token === '' ? null : replyThreadKey(token), () => getReplyThread(token));
}

/**
 * POST /api/public/support/reply/{token}: 201 with the stored answer (`via` "email"); a closed ticket opens
 * again; the same `requestId` again answers the message stored first. A plain call rather than an swr
 * mutation: one on the thread's key would re-read the thread when the send fails, and a dead link would
 * then take the page, and the text typed, away.
 */
export function replyByLink(token: string, reply: ReplyByLink): Promise<TicketMessage> {
  return api.post<'/api/public/support/reply/{token}'>(apiPaths.support.reply(token), reply);
}
