import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { Link } from '@/components/ui/link';
import { adminPaths } from '@/config/admin-paths';
import type { AdminTicket } from '@/features/admin/api/types';
import { TicketPriorityChip, TicketStatusChip } from '@/features/admin/components/ticket-chips';
import { PartUnavailable, UserSection } from '@/features/admin/components/user-section';
import { formatDate } from '@/lib/dates';

/** The member's tickets (null: support did not answer), each leading to its thread. */
export function UserTicketsCard({ tickets }: { tickets: readonly AdminTicket[] | null }) {
  let content;
  if (tickets === null) {
    content = <PartUnavailable />;
  } else if (tickets.length === 0) {
    content = (
      <Typography variant="body2" color="text.secondary">
        お問い合わせはありません
      </Typography>
    );
  } else {
    content = (
      <Box component="ul" aria-label="お問い合わせの一覧" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
        {tickets.map((ticket) => (
          <Box component="li" key={ticket.id} sx={{ display: 'grid', gap: 0.5 }}>
            <Link to={adminPaths.ticket.href(ticket.id)} sx={{ overflowWrap: 'anywhere', fontWeight: 700 }}>
              {ticket.subject}
            </Link>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <TicketStatusChip status={ticket.status} />
              <TicketPriorityChip priority={ticket.priority} />
              <Typography variant="caption" color="text.secondary">
                {`更新 ${formatDate(new Date(ticket.updatedAt), 'dateTime')}`}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  return <UserSection title="お問い合わせ">{content}</UserSection>;
}
