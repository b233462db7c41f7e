import { useParams } from 'react-router';

import { TicketDetailScreen } from '@/features/admin/components/ticket-detail-screen';

export default function AdminTicketRoute() {
  const { ticketId = '' } = useParams();
  // A new id is a new screen: the composer's text and requestId belong to one ticket.
  return <TicketDetailScreen key={ticketId} ticketId={ticketId} />;
}
