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

/**
 * The multipart body of a POST with screenshots: the JSON body's fields as text fields, then each image as a
 * file part named `attachments`, in the order chosen.
 */
export function formWithImages(fields: Record<string, string>, images: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const image of images) form.append('attachments', image, image.name);
  return form;
}

/**
 * POST /api/support/tickets: 201 with the new ticket's thread (the same one again for a repeated requestId).
 * JSON, or multipart/form-data when screenshots (up to 3) go with the first message.
 */
export function createTicket(ticket: NewTicket, images: readonly File[] = []): Promise<TicketThread> {
  if (images.length === 0) return api.post(apiPaths.support.tickets, ticket);
  return api.postForm(apiPaths.support.tickets, formWithImages(ticket, images));
}

/**
 * POST /api/support/tickets/{id}/messages: 201 with the message; a closed ticket is reopened by it. JSON, or
 * multipart/form-data with the screenshots.
 */
export function postTicketMessage(ticketId: string, message: NewTicketMessage, images: readonly File[] = []): Promise<TicketMessage> {
  const path = apiPaths.support.messages(ticketId);
  if (images.length === 0) return api.post<'/api/support/tickets/{id}/messages'>(path, message);
  return api.postForm<'/api/support/tickets/{id}/messages'>(path, formWithImages(message, images));
}

/** What a form sends: the JSON fields and the screenshots chosen (none: the JSON body alone). */
export type WithImages<Body> = { body: Body; images: readonly File[] };

/**
 * The two POSTs as swr mutations, so a 401 (the session ended) reaches the app's session handler and leads
 * to login like every other form's; `trigger` still throws, for the form to show the server's message.
 */
export function useCreateTicket() {
  return useSWRMutation(apiPaths.support.tickets, (_key: string, { arg }: { arg: WithImages<NewTicket> }) =>
    createTicket(arg.body, arg.images),
  );
}

export function usePostTicketMessage(ticketId: string) {
  return useSWRMutation(
    apiPaths.support.messages(ticketId),
    (_key: string, { arg }: { arg: WithImages<NewTicketMessage> }) => postTicketMessage(ticketId, arg.body, arg.images),
  );
}
