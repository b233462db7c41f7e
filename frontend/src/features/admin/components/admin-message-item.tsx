import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';

import type { AdminTicketMessage, StaffMember } from '@/features/admin/api/types';
import { AttachmentThumbnail } from '@/features/admin/components/attachment-thumbnail';
import { DEFAULT_STAFF_NAME } from '@/features/admin/utils/labels';
import { staffEmail } from '@/features/admin/utils/staff-names';
import { formatDate } from '@/lib/dates';

type AdminMessageItemProps = {
  message: AdminTicketMessage;
  /** The member's name as the thread shows it (their username, or 退会済みの会員). */
  memberName: string;
  staff: readonly StaffMember[] | undefined;
};

type Kind = 'member' | 'reply' | 'note';

function kindOf(message: AdminTicketMessage): Kind {
  if (message.internal) return 'note';
  return message.authorType === 'staff' ? 'reply' : 'member';
}

/** Who wrote it, as the list item's name says it; a note is never called a reply. */
function labelOf(kind: Kind, author: string): string {
  if (kind === 'note') return `${author}の社内メモ`;
  if (kind === 'reply') return `${author}の返信`;
  return `${author}のメッセージ`;
}

/**
 * One message of a thread as staff see it. The member's on the left; staff replies (mailed to the member) on
 * the right in the brand colour; internal notes in an amber box marked 「社内メモ」 across the thread, so a
 * note is never taken for something the member read. A member message sent from a reply mail's link is
 * marked 「メールから返信」. Staff messages name the staff account (its e-mail) beside the signature.
 */
export function AdminMessageItem({ message, memberName, staff }: AdminMessageItemProps) {
  const kind = kindOf(message);
  const signature = message.authorName ?? DEFAULT_STAFF_NAME;
  const author = kind === 'member' ? memberName : signature;
  const account = kind !== 'member' && message.authorId !== null ? staffEmail(staff, message.authorId) : null;
  const right = kind === 'reply';

  return (
    <Box
      component="li"
      aria-label={labelOf(kind, author)}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: kind === 'note' ? 'stretch' : right ? 'flex-end' : 'flex-start',
        minWidth: 0,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          mb: 0.5,
          flexWrap: 'wrap',
          justifyContent: right ? 'flex-end' : 'flex-start',
        }}
      >
        {kind === 'note' ? (
          <Chip size="small" color="warning" icon={<LockOutlinedIcon aria-hidden="true" />} label="社内メモ" />
        ) : null}
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          {author}
        </Typography>
        {account !== null ? (
          <Typography variant="caption" color="text.secondary">
            {account}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          <time dateTime={message.createdAt}>{formatDate(new Date(message.createdAt), 'dateTime')}</time>
        </Typography>
        {kind === 'member' && message.via === 'email' ? (
          <Chip size="small" variant="outlined" icon={<MailOutlinedIcon aria-hidden="true" />} label="メールから返信" />
        ) : null}
        {kind === 'member' && !message.isRead ? <Chip size="small" color="error" label="未読" /> : null}
      </Box>
      <Box
        sx={[
          { px: 1.75, py: 1.25, borderRadius: 2, minWidth: 0 },
          kind === 'member' && { maxWidth: { xs: '92%', sm: '80%' }, bgcolor: 'action.hover', borderTopLeftRadius: 4 },
          kind === 'reply' &&
            ((theme) => ({
              maxWidth: { xs: '92%', sm: '80%' },
              borderTopRightRadius: 4,
              bgcolor: alpha(theme.palette.primary.main, 0.08),
              border: `1px solid ${alpha(theme.palette.primary.main, 0.3)}`,
            })),
          kind === 'note' &&
            ((theme) => ({
              bgcolor: alpha(theme.palette.warning.main, 0.12),
              border: `1px dashed ${theme.palette.warning.main}`,
              borderLeft: `4px solid ${theme.palette.warning.main}`,
            })),
        ]}
      >
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
      </Box>
      {message.attachments.length > 0 ? (
        <Box
          role="group"
          aria-label="添付画像"
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, justifyContent: right ? 'flex-end' : 'flex-start' }}
        >
          {message.attachments.map((attachment, index) => (
            <AttachmentThumbnail key={attachment.id} attachment={attachment} number={index + 1} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
