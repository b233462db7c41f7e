import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import { getTicketThread, getTickets } from '@/features/support/api/support-request';
import type { TicketList, TicketThread } from '@/features/support/api/types';
import { isUuid } from '@/lib/ids';

export function ticketsKey() {
  return apiPaths.support.tickets;
}

/** The member's tickets (the お問い合わせ section of /settings). */
export function useTickets() {
  return useSWR<TicketList>(ticketsKey(), getTickets);
}

export function ticketKey(ticketId: string) {
  return apiPaths.support.ticket(ticketId);
}

/** One ticket's thread; nothing is asked for an id that is not a UUID (the gateway would answer 404 anyway). */
export function useTicketThread(ticketId: string) {
  return useSWR<TicketThread>(isUuid(ticketId) ? ticketKey(ticketId) : null, () => getTicketThread(ticketId));
}
