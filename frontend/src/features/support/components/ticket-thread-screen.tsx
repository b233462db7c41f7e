import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useSWRConfig } from 'swr';

import { Link } from '@/components/ui/link';
import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { apiPaths, paths } from '@/config/paths';
import { ticketsKey, useTicketThread } from '@/features/support/api/get-tickets';
import { usePostTicketMessage } from '@/features/support/api/support-request';
import type { NewTicketMessage } from '@/features/support/api/types';
import { ReplyForm } from '@/features/support/components/reply-form';
import { TicketMessageBubble, type AttachmentUrl } from '@/features/support/components/ticket-message-bubble';
import { TicketStatusChip } from '@/features/support/components/ticket-status-chip';
import { SUPPORT_UNAVAILABLE } from '@/features/support/utils/ticket-rules';
import { apiUrl, errorMessageFor, isApiError } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

/** The gateway's TICKET_NOT_FOUND message, for an id that is not one (nothing is asked then). */
const NOT_FOUND = 'お問い合わせが見つかりません';

/** Signed in, a screenshot is read by its id alone: the session says whose it is. */
const memberAttachmentUrl: AttachmentUrl = (attachmentId) => apiUrl(apiPaths.support.attachment(attachmentId));

/**
 * /settings/support/{ticketId}: one ticket of the member's as a conversation, oldest first, with the reply
 * box under it. Reading it marks the staff replies read, so the list is read again too. An unknown id or
 * someone else's ticket reads as not found.
 */
export function TicketThreadScreen({ ticketId }: { ticketId: string }) {
  const thread = useTicketThread(ticketId);
  const { trigger } = usePostTicketMessage(ticketId);
  const { mutate } = useSWRConfig();
  const loaded = thread.data !== undefined;

  // The staff replies count as read once the thread was read: the list's 「新着」 must follow.
  useEffect(() => {
    if (loaded) void mutate(ticketsKey());
  }, [loaded, mutate]);

  // The thread and the list are read again: the new message, the status (a closed ticket reopens), the counts.
  const send = async (body: NewTicketMessage, images: readonly File[]) => {
    await trigger({ body, images });
    void thread.mutate();
    void mutate(ticketsKey());
  };

  let body;
  if (!isUuid(ticketId) || (isApiError(thread.error) && thread.error.status === 404)) {
    body = (
      <Box role="alert" sx={{ py: 3, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>{thread.error ? errorMessageFor(thread.error, NOT_FOUND) : NOT_FOUND}</Typography>
        <Link to={paths.settingsSupport}>お問い合わせの一覧へ戻る</Link>
      </Box>
    );
  } else if (thread.data) {
    const { ticket, messages } = thread.data;
    body = (
      <>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.75rem' }, overflowWrap: 'anywhere', mb: 1 }}>
          {ticket.subject}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2.5, flexWrap: 'wrap' }}>
          <TicketStatusChip status={ticket.status} />
          <Typography variant="caption" color="text.secondary">
            {`メッセージ ${ticket.messageCount}件`}
          </Typography>
        </Box>
        <Box
          component="ol"
          aria-label="やりとり"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, minWidth: 0 }}
        >
          {messages.map((message) => (
            <TicketMessageBubble key={message.id} message={message} attachmentUrl={memberAttachmentUrl} />
          ))}
        </Box>
        <Divider sx={{ my: 3 }} />
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
          返信する
        </Typography>
        <ReplyForm key={ticket.id} closed={ticket.status === 'closed'} send={send} />
      </>
    );
  } else if (thread.error) {
    const fallback = isApiError(thread.error) && thread.error.status === 503 ? SUPPORT_UNAVAILABLE : 'お問い合わせを読み込めませんでした。';
    body = <LoadErrorBlock message={errorMessageFor(thread.error, fallback)} onRetry={() => void thread.mutate()} />;
  } else {
    body = <LoadingBlock label="お問い合わせを読み込み中" />;
  }

  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, sm: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Link to={paths.settingsSupport} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        お問い合わせの一覧へ
      </Link>
      {thread.data && isUuid(ticketId) ? null : (
        <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.75rem' }, mb: 1 }}>
          お問い合わせ
        </Typography>
      )}
      {body}
    </Container>
  );
}
