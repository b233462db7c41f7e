/**
 * The support inbox's routes (issue 25): pages of tickets, one ticket's thread, and what staff change on it.
 * Reads go through swr with the admin fetcher (the bearer token); after a change the ticket's thread takes
 * the gateway's answer and every cached inbox page is read again, since counts and order may have moved.
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';

import { adminApiPaths, type TicketListQuery } from '@/config/admin-paths';
import { adminRequest } from '@/features/admin/api/admin-client';
import type {
  AdminTicket,
  AdminTicketMessage,
  AdminTicketPage,
  AdminTicketThread,
  NewAdminMessage,
  StaffList,
  UpdateTicket,
} from '@/features/admin/api/types';
import { isUuid } from '@/lib/ids';

/** One inbox page's key: its URL, so the query string is the cache's identity. */
export function ticketPageKey(query: TicketListQuery): string {
  return adminApiPaths.tickets(query);
}

/** Whether an swr key is one of the inbox's pages. */
export function isTicketPageKey(key: unknown): boolean {
  return typeof key === 'string' && /^\/api\/admin\/tickets(\?|$)/.test(key);
}

/** One page of the inbox. The rows shown stay while the next page loads (no blank grid between pages). */
export function useTicketPage(query: TicketListQuery) {
  return useSWR<AdminTicketPage>(ticketPageKey(query), { keepPreviousData: true });
}

export function ticketKey(ticketId: string): string {
  return adminApiPaths.ticket(ticketId);
}

/** A ticket's thread and its member; nothing is asked for an id that is not a UUID (it would be 404 anyway). */
export function useAdminTicket(ticketId: string) {
  return useSWR<AdminTicketThread>(isUuid(ticketId) ? ticketKey(ticketId) : null);
}

/** Every staff account, for the assignee picker and for the names on tickets and notes. */
export function useStaff() {
  return useSWR<StaffList>(adminApiPaths.staff);
}

/** POST /api/admin/tickets/{id}/assign: to a staff member, or to nobody (null). */
export function assignTicket(ticketId: string, adminId: string | null): Promise<AdminTicket> {
  return adminRequest<AdminTicket>('POST', adminApiPaths.assign(ticketId), { adminId });
}

/** PATCH /api/admin/tickets/{id}: the status, the priority or both. */
export function updateTicket(ticketId: string, change: UpdateTicket): Promise<AdminTicket> {
  return adminRequest<AdminTicket>('PATCH', adminApiPaths.ticket(ticketId), change);
}

/** POST /api/admin/tickets/{id}/messages: a reply (mailed to the member) or an internal note. */
export function postAdminMessage(ticketId: string, message: NewAdminMessage): Promise<AdminTicketMessage> {
  return adminRequest<AdminTicketMessage>('POST', adminApiPaths.messages(ticketId), message);
}

/**
 * After a change to `ticketId`: the thread shows the ticket the gateway answered with (or is read again when
 * the answer was a message), and every inbox page is read again.
 */
export function useTicketChanged(ticketId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (ticket?: AdminTicket) => {
      const key = ticketKey(ticketId);
      const thread = ticket
        ? mutate<AdminTicketThread>(key, (current) => (current ? { ...current, ticket } : current), { revalidate: false })
        : mutate(key);
      await Promise.all([thread, mutate(isTicketPageKey)]);
    },
    [mutate, ticketId],
  );
}
