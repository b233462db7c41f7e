import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useSWRConfig } from 'swr';

import { Link } from '@/components/ui/link';
import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { adminPaths } from '@/config/admin-paths';
import { isTicketPageKey, useAdminTicket, useStaff, useTicketChanged } from '@/features/admin/api/tickets';
import { AdminMessageItem } from '@/features/admin/components/admin-message-item';
import { MemberCard } from '@/features/admin/components/member-card';
import { TicketPriorityChip, TicketStatusChip } from '@/features/admin/components/ticket-chips';
import { TicketComposer } from '@/features/admin/components/ticket-composer';
import { TicketControls } from '@/features/admin/components/ticket-controls';
import { useSignedInAdmin } from '@/features/admin/hooks/use-signed-in-admin';
import { DELETED_MEMBER } from '@/features/admin/utils/labels';
import { errorMessageFor, isApiError } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

/** The gateway's TICKET_NOT_FOUND message, also for an id that is not one (nothing is asked then). */
const NOT_FOUND = 'お問い合わせが見つかりません';

function BackLink() {
  return (
    <Link to={adminPaths.tickets} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      お問い合わせ一覧へ
    </Link>
  );
}

/**
 * /admin/tickets/{id}: the thread oldest first with the composer under it, and beside it (under it on a
 * phone) the member's context and the controls. Opening the thread counts the member's messages as read,
 * so the inbox is read again.
 */
export function TicketDetailScreen({ ticketId }: { ticketId: string }) {
  const { session } = useSignedInAdmin();
  const thread = useAdminTicket(ticketId);
  const staff = useStaff();
  const changed = useTicketChanged(ticketId);
  const { mutate } = useSWRConfig();
  const loaded = thread.data !== undefined;

  useEffect(() => {
    if (loaded) void mutate(isTicketPageKey);
  }, [loaded, mutate]);

  let content;
  if (!isUuid(ticketId) || (isApiError(thread.error) && thread.error.status === 404)) {
    content = (
      <Box role="alert" sx={{ py: 3 }}>
        <Typography>{thread.error ? errorMessageFor(thread.error, NOT_FOUND) : NOT_FOUND}</Typography>
      </Box>
    );
  } else if (thread.data) {
    const { ticket, messages, member } = thread.data;
    const memberName = member?.username ?? ticket.member?.username ?? DELETED_MEMBER;
    const canReply = member !== null && member.deletedAt === null;
    content = (
      <>
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.3rem', sm: '1.6rem' }, overflowWrap: 'anywhere', mb: 1 }}>
            {ticket.subject}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <TicketStatusChip status={ticket.status} />
            <TicketPriorityChip priority={ticket.priority} />
            <Typography variant="caption" color="text.secondary">
              {`メッセージ ${ticket.messageCount}件`}
            </Typography>
          </Box>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, minWidth: 0 }}>
            <Box component="ol" aria-label="やりとり" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2.5 }}>
              {messages.map((message) => (
                <AdminMessageItem key={message.id} message={message} memberName={memberName} staff={staff.data?.staff} />
              ))}
            </Box>
            <Divider />
            <TicketComposer key={ticket.id} ticketId={ticket.id} canReply={canReply} onSent={() => changed()} />
          </Box>
          <Box component="aside" aria-label="会員と対応" sx={{ display: 'grid', gap: 2 }}>
            <MemberCard member={member} />
            <TicketControls ticket={ticket} myId={session.admin.id} staff={staff.data?.staff} onChanged={changed} />
          </Box>
        </Box>
      </>
    );
  } else if (thread.error) {
    content = (
      <LoadErrorBlock
        message={errorMessageFor(thread.error, 'お問い合わせを読み込めませんでした')}
        onRetry={() => void thread.mutate()}
      />
    );
  } else {
    content = <LoadingBlock label="お問い合わせを読み込み中" />;
  }

  return (
    <Box component="main" sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5, minWidth: 0 }}>
      <BackLink />
      {content}
    </Box>
  );
}
