import type { ComponentType, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { apiPaths, paths } from '@/config/paths';
import { replyByLink, useReplyThread } from '@/features/support/api/reply-by-link';
import type { NewTicketMessage, ReplyThread, TicketMessage } from '@/features/support/api/types';
import { ReplyForm } from '@/features/support/components/reply-form';
import { TicketMessageBubble, type AttachmentUrl } from '@/features/support/components/ticket-message-bubble';
import { TicketStatusChip } from '@/features/support/components/ticket-status-chip';
import { apiUrl, errorMessageFor, isApiError } from '@/lib/api-client';
import { formatDateInJapan } from '@/lib/dates';

/** The page's frame (the route gives the account screens' card, as for the unsubscribe link). */
export type ReplyLinkFrame = ComponentType<{ title: string; focusTitleOnChange?: boolean; children: ReactNode }>;

type ReplyLinkScreenProps = {
  /** From the mail's link (`/support/reply/{token}`), as it came. */
  token: string;
  signedIn: boolean;
  frame: ReplyLinkFrame;
};

export const REPLY_LINK_INVALID_TITLE = 'このリンクは使えません';
const REPLY_LINK_INVALID_TEXT =
  'リンクが正しくないか、有効期限が切れています。ログインすると、お問い合わせの履歴から返信できます。';

/**
 * /support/reply/{token}, the link in the mail of a staff reply: the ticket, its thread and a reply box, with
 * no sign-in (the token is the proof). A link that does not work — unknown, expired, altered, another
 * ticket's — gets one page that says nothing about any ticket, and the way to reply signed in. A 429 or a
 * failure to reach the gateway says so and offers to read again.
 */
export function ReplyLinkScreen({ token, signedIn, frame: Frame }: ReplyLinkScreenProps) {
  const thread = useReplyThread(token);
  const signedInWay = signedIn
    ? { to: paths.settingsSupport, label: 'お問い合わせの履歴を開く' }
    : { to: paths.auth.loginThen(paths.settingsSupport), label: 'ログインして返信する' };

  if (thread.data) {
    const { ticket, messages, expiresAt } = thread.data;
    const attachmentUrl: AttachmentUrl = (attachmentId) => apiUrl(apiPaths.support.replyAttachment(token, attachmentId));
    // The answer shows at once; the thread is then read again (the status: a closed ticket reopens).
    const send = async (body: NewTicketMessage) => {
      const message = await replyByLink(token, body);
      void thread.mutate((current) => current && withMessage(current, message));
    };
    const deadLink = (failure: unknown) =>
      isApiError(failure) && failure.status === 404 ? (
        <Alert
          severity="error"
          action={
            <Button component={RouterLink} to={signedInWay.to} color="inherit" size="small">
              {signedInWay.label}
            </Button>
          }
        >
          {errorMessageFor(failure, `${REPLY_LINK_INVALID_TITLE}。${REPLY_LINK_INVALID_TEXT}`)}
        </Alert>
      ) : null;

    return (
      <Frame title={ticket.subject} focusTitleOnChange>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, flexWrap: 'wrap', mt: -1.5, mb: 3 }}>
          <TicketStatusChip status={ticket.status} />
          <Typography variant="body2" color="text.secondary">
            {'このリンクの有効期限: '}
            <time dateTime={expiresAt}>{formatDateInJapan(new Date(expiresAt), 'date')}</time>
          </Typography>
        </Box>
        <Box component="ol" aria-label="やりとり" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, minWidth: 0 }}>
          {messages.map((message) => (
            <TicketMessageBubble key={message.id} message={message} attachmentUrl={attachmentUrl} />
          ))}
        </Box>
        <Divider sx={{ my: 3 }} />
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
          返信する
        </Typography>
        <ReplyForm closed={ticket.status === 'closed'} send={send} withImages={false} refusalNotice={deadLink} />
      </Frame>
    );
  }

  if (token === '' || (isApiError(thread.error) && thread.error.status === 404)) {
    return (
      <Frame title={REPLY_LINK_INVALID_TITLE} focusTitleOnChange>
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Typography>{REPLY_LINK_INVALID_TEXT}</Typography>
          <Button component={RouterLink} to={signedInWay.to} variant="contained" size="large" fullWidth>
            {signedInWay.label}
          </Button>
        </Box>
      </Frame>
    );
  }

  if (thread.error) {
    return (
      <Frame title="お問い合わせを読み込めませんでした" focusTitleOnChange>
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Alert severity="error">
            {errorMessageFor(thread.error, '通信できませんでした。接続を確かめて、もう一度お試しください')}
          </Alert>
          <Button variant="outlined" size="large" fullWidth onClick={() => void thread.mutate()}>
            もう一度読み込む
          </Button>
        </Box>
      </Frame>
    );
  }

  return (
    <Frame title="お問い合わせへの返信">
      <Box role="status" sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 2 }}>
        <CircularProgress aria-hidden="true" />
        <Typography>お問い合わせを読み込んでいます...</Typography>
      </Box>
    </Frame>
  );
}

/** The thread with the answer just stored at its end (once, whatever was read meanwhile). */
function withMessage(thread: ReplyThread, message: TicketMessage): ReplyThread {
  if (thread.messages.some((m) => m.id === message.id)) return thread;
  return { ...thread, messages: [...thread.messages, message] };
}
