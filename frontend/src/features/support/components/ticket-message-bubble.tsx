import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';

import type { TicketAttachment, TicketMessage } from '@/features/support/api/types';
import { formatDate } from '@/lib/dates';

/** Where a screenshot of the thread is read: the member's route signed in, the link's route on the reply page. */
export type AttachmentUrl = (attachmentId: string) => string;

type TicketMessageBubbleProps = {
  message: TicketMessage;
  attachmentUrl: AttachmentUrl;
};

/** The longest side of a thumbnail, in CSS pixels. */
const THUMB_MAX = 160;

/**
 * One message of a thread as a conversation bubble: the member's on the right, staff replies on the left
 * with the staff's name. A message sent from a notification mail's reply link is marked 「メールから返信」.
 * Its screenshots follow as thumbnails, each opening the full image in a new tab.
 */
export function TicketMessageBubble({ message, attachmentUrl }: TicketMessageBubbleProps) {
  const mine = message.authorType === 'member';
  const author = mine ? 'あなた' : (message.authorName ?? 'サポート');
  return (
    <Box
      component="li"
      aria-label={`${author}のメッセージ`}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          {author}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <time dateTime={message.createdAt}>{formatDate(new Date(message.createdAt), 'dateTime')}</time>
        </Typography>
        {message.via === 'email' ? (
          <Chip size="small" variant="outlined" icon={<MailOutlinedIcon aria-hidden="true" />} label="メールから返信" />
        ) : null}
      </Box>
      <Box
        sx={{
          maxWidth: { xs: '88%', sm: '80%' },
          px: 1.75,
          py: 1.25,
          borderRadius: 2,
          borderTopRightRadius: mine ? 4 : undefined,
          borderTopLeftRadius: mine ? undefined : 4,
          bgcolor: mine ? 'primary.main' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
      </Box>
      {message.attachments.length > 0 ? (
        <Box
          role="group"
          aria-label="添付画像"
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, justifyContent: mine ? 'flex-end' : 'flex-start', maxWidth: '100%' }}
        >
          {message.attachments.map((attachment, index) => (
            <Thumbnail key={attachment.id} attachment={attachment} number={index + 1} href={attachmentUrl(attachment.id)} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** The thumbnail's box from the stored size, so the thread does not jump as images load. */
function thumbnailSize({ width, height }: TicketAttachment): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: THUMB_MAX, height: THUMB_MAX };
  const scale = Math.min(1, THUMB_MAX / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function Thumbnail({ attachment, number, href }: { attachment: TicketAttachment; number: number; href: string }) {
  const size = thumbnailSize(attachment);
  return (
    <Box
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      aria-label={`添付画像 ${number}を新しいタブで開く`}
      sx={{ display: 'block', lineHeight: 0, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
    >
      <Box
        component="img"
        src={href}
        alt={`添付画像 ${number}`}
        loading="lazy"
        decoding="async"
        width={size.width}
        height={size.height}
        sx={{ display: 'block', maxWidth: THUMB_MAX, maxHeight: THUMB_MAX, objectFit: 'contain', bgcolor: 'action.hover' }}
      />
    </Box>
  );
}
