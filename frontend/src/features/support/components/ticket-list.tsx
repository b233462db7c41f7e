import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';
import type { Ticket } from '@/features/support/api/types';
import { TicketStatusChip, UnreadBadge } from '@/features/support/components/ticket-status-chip';
import { formatDate } from '@/lib/dates';

/** The member's tickets, newest activity first (as the gateway sends them), each a link to its thread. */
export function TicketList({ tickets }: { tickets: Ticket[] }) {
  return (
    <List disablePadding aria-label="お問い合わせの一覧" sx={{ borderTop: 1, borderColor: 'divider' }}>
      {tickets.map((ticket) => (
        <ListItem key={ticket.id} disablePadding divider>
          <ListItemButton
            component={RouterLink}
            to={paths.supportTicket.href(ticket.id)}
            sx={{ display: 'block', minWidth: 0, px: { xs: 1, sm: 1.5 }, py: 1.25 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Typography
                component="span"
                sx={{ fontWeight: ticket.unreadCount > 0 ? 700 : 500, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {ticket.subject}
              </Typography>
              <UnreadBadge count={ticket.unreadCount} />
            </Box>
            <Typography
              variant="body2"
              color="text.secondary"
              // Two lines at most, broken anywhere: a one-line (nowrap) preview would set the whole
              // settings column's minimum width to the preview's length.
              sx={{
                mt: 0.5,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              {ticket.lastMessagePreview}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.75, flexWrap: 'wrap' }}>
              <TicketStatusChip status={ticket.status} />
              <Typography variant="caption" color="text.secondary" component="span">
                <time dateTime={ticket.lastMessageAt}>{formatDate(new Date(ticket.lastMessageAt), 'dateTime')}</time>
              </Typography>
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
