import { useParams } from 'react-router';

import { TicketThreadScreen } from '@/features/support/components/ticket-thread-screen';

/** /settings/support/{ticketId}: one of the member's support tickets and its thread (signed in). */
export default function SupportTicketRoute() {
  const { ticketId = '' } = useParams();
  return <TicketThreadScreen ticketId={ticketId} />;
}
