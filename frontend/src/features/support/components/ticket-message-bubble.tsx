import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';

import type { TicketMessage } from '@/features/support/api/types';
import { formatDate } from '@/lib/dates';

/**
 * One message of a thread as a conversation bubble: the member's on the right, staff replies on the left
 * with the staff's name. A message sent from a notification mail's reply link is marked 「メールから返信」.
 * (A later step puts up to 3 screenshots under the body.)
 */
export function TicketMessageBubble({ message }: { message: TicketMessage }) {
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
    </Box>
  );
}
