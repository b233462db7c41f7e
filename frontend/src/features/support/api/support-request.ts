/**
 * The support routes through the app's one client (`api`: the session cookie, JSON, a non-2xx answer as an
 * `ApiError` with the gateway's `{message, code}`, and paths, bodies and answers typed by the gateway's
 * OpenAPI document).
 */
import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import type { NewTicket, NewTicketMessage, TicketList, TicketMessage, TicketThread } from '@/features/support/api/types';
import { api } from '@/lib/api-client';

/** GET /api/support/tickets: the member's tickets, newest activity first. */
export function getTickets(): Promise<TicketList> {
  return api.get(apiPaths.support.tickets);
}

/** GET /api/support/tickets/{id}: 404 TICKET_NOT_FOUND for an unknown id or someone else's ticket. */
export function getTicketThread(ticketId: string): Promise<TicketThread> {
  return api.get<'/api/support/tickets/{id}'>(apiPaths.support.ticket(ticketId));
}

/** POST /api/support/tickets: 201 with the new ticket's thread (the same one again for a repeated requestId). */
export function createTicket(ticket: NewTicket): Promise<TicketThread> {
  return api.post(apiPaths.support.tickets, ticket);
}

/** POST /api/support/tickets/{id}/messages: 201 with the message; a closed ticket is reopened by it. */
export function postTicketMessage(ticketId: string, message: NewTicketMessage): Promise<TicketMessage> {
  return api.post<'/api/support/tickets/{id}/messages'>(apiPaths.support.messages(ticketId), message);
}

/**
 * The two POSTs as swr mutations, so a 401 (the session ended) reaches the app's session handler and leads
 * to login like every other form's; `trigger` still throws, for the form to show the server's message.
 */
export function useCreateTicket() {
  return useSWRMutation(apiPaths.support.tickets, (_key: string, { arg }: { arg: NewTicket }) => createTicket(arg));
}

export function usePostTicketMessage(ticketId: string) {
  return useSWRMutation(apiPaths.support.messages(ticketId), (_key: string, { arg }: { arg: NewTicketMessage }) =>
    postTicketMessage(ticketId, arg),
  );
}
