import { TicketInbox } from '@/features/admin/components/ticket-inbox';

export default function AdminTicketsRoute() {
  return <TicketInbox />;
}
