import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';

import { apiPaths } from '@/config/paths';
import type {
  NewTicket,
  NewTicketMessage,
  Ticket,
  TicketList,
  TicketMessage,
  TicketThread,
} from '@/features/support/api/types';
import { apiError } from '@/testing/mocks/accounts';
import { server } from '@/testing/mocks/server';
import type { ApiSchema } from '@/types/api';

type Error = ApiSchema<'ErrorBody'>;

const stamp = '2026-11-22T03:00:00Z';

export const ticketId = (n: number) => `0193d1a2-7c1e-7000-b000-${String(n).padStart(12, '0')}`;
export const ticketMessageId = (n: number) => `0193d1a2-7c1e-7000-c000-${String(n).padStart(12, '0')}`;

/** A ticket of the signed-in member's; override any field. */
export function sampleTicket(fields: Partial<Ticket> & Pick<Ticket, 'id'>): Ticket {
  return {
    subject: 'ログインできません',
    message: 'パスワードを変えてからログインできなくなりました。',
    status: 'open',
    priority: 'normal',
    lastMessageAt: stamp,
    lastMessagePreview: 'パスワードを変えてからログインできなくなりました。',
    messageCount: 1,
    unreadCount: 0,
    createdAt: stamp,
    updatedAt: stamp,
    closedAt: null,
    ...fields,
  };
}

/** A message of `ticket`: the member's unless `authorType` says staff (then by サポート担当). */
export function sampleTicketMessage(
  fields: Partial<TicketMessage> & Pick<TicketMessage, 'id' | 'ticketId' | 'body'>,
): TicketMessage {
  const staff = fields.authorType === 'staff';
  return {
    authorType: 'member',
    authorName: staff ? 'サポート担当' : null,
    via: 'web',
    isRead: true,
    createdAt: stamp,
    ...fields,
  };
}

type Support = {
  tickets: Ticket[];
  /** Every ticket's messages, oldest first. */
  messages: TicketMessage[];
  /** When set, every support route answers 503 SUPPORT_UNAVAILABLE. */
  down: boolean;
  /** Every POST /api/support/tickets body, in order (a double click shows here). */
  created: NewTicket[];
  /** Every POST …/messages body, in order. */
  replies: NewTicketMessage[];
};

const SUBJECT_MAX = 100;
const MESSAGE_MAX = 5000;
const chars = (text: string) => [...text].length;

/**
 * The gateway's support routes (issue 24) over the signed-in member's tickets in memory, with the contract's
 * rules: the validation codes, one ticket per requestId, TICKET_NOT_FOUND for an id that is not the member's,
 * staff replies read once the thread is read, a member's message reopening a closed ticket, and 503
 * SUPPORT_UNAVAILABLE while `down`. Returns the state.
 */
export function mockSupport(initial: Partial<Support> = {}) {
  const support: Support = { tickets: [], messages: [], down: false, created: [], replies: [], ...initial };
  let next = 1000;
  const byRequestId = new Map<string, TicketThread | TicketMessage>();
  const unavailable = () =>
    apiError(503, 'SUPPORT_UNAVAILABLE', 'サポートに接続できません。しばらくしてからもう一度お試しください');
  const notFound = () => apiError(404, 'TICKET_NOT_FOUND', 'お問い合わせが見つかりません');
  const checkMessage = (message: string) => {
    if (message.trim() === '') return apiError(400, 'TICKET_MESSAGE_REQUIRED', 'お問い合わせ内容を入力してください');
    if (chars(message.trim()) > MESSAGE_MAX) {
      return apiError(400, 'TICKET_MESSAGE_TOO_LONG', 'お問い合わせ内容は5000文字以内で入力してください');
    }
    return null;
  };
  const threadOf = (ticket: Ticket): TicketThread => ({
    ticket,
    messages: support.messages
      .filter((m) => m.ticketId === ticket.id)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  });
  const addMessage = (ticket: Ticket, body: string): TicketMessage => {
    next += 1;
    const at = new Date(Date.parse(stamp) + next * 1000).toISOString();
    const message = sampleTicketMessage({ id: ticketMessageId(next), ticketId: ticket.id, body, createdAt: at });
    support.messages.push(message);
    Object.assign(ticket, {
      lastMessageAt: at,
      lastMessagePreview: body.slice(0, 100),
      messageCount: ticket.messageCount + 1,
      updatedAt: at,
      ...(ticket.status === 'closed' ? { status: 'open', closedAt: null } : {}),
    });
    return message;
  };

  server.use(
    http.get<PathParams, DefaultBodyType, TicketList | Error>(apiPaths.support.tickets, () => {
      if (support.down) return unavailable();
      const tickets = [...support.tickets].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
      return HttpResponse.json({ tickets });
    }),
    http.post<PathParams, NewTicket, TicketThread | Error>(apiPaths.support.tickets, async ({ request }) => {
      const body = await request.json();
      support.created.push(body);
      if (support.down) return unavailable();
      const first = byRequestId.get(body.requestId);
      if (first && 'ticket' in first) return HttpResponse.json(first, { status: 201 });
      const subject = body.subject.trim();
      if (subject === '') return apiError(400, 'TICKET_SUBJECT_REQUIRED', '件名を入力してください');
      if (chars(subject) > SUBJECT_MAX || /[\r\n]/.test(subject)) {
        return apiError(400, 'TICKET_SUBJECT_TOO_LONG', '件名は100文字以内・1行で入力してください');
      }
      const refused = checkMessage(body.message);
      if (refused) return refused;
      next += 1;
      const ticket = sampleTicket({
        id: ticketId(next),
        subject,
        message: body.message.trim(),
        messageCount: 0,
        lastMessagePreview: '',
      });
      support.tickets.push(ticket);
      addMessage(ticket, body.message.trim());
      const thread = threadOf(ticket);
      byRequestId.set(body.requestId, thread);
      return HttpResponse.json(thread, { status: 201 });
    }),
    http.get<{ ticketId: string }, DefaultBodyType, TicketThread | Error>('/api/support/tickets/:ticketId', ({ params }) => {
      if (support.down) return unavailable();
      const ticket = support.tickets.find((t) => t.id === params.ticketId);
      if (!ticket) return notFound();
      const thread = threadOf(ticket);
      // The answer shows the replies as they were; from now on they count as read.
      const answer = structuredClone(thread);
      for (const message of thread.messages) message.isRead = true;
      ticket.unreadCount = 0;
      return HttpResponse.json(answer);
    }),
    http.post<{ ticketId: string }, NewTicketMessage, TicketMessage | Error>(
      '/api/support/tickets/:ticketId/messages',
      async ({ params, request }) => {
        const body = await request.json();
        support.replies.push(body);
        if (support.down) return unavailable();
        const ticket = support.tickets.find((t) => t.id === params.ticketId);
        if (!ticket) return notFound();
        const first = byRequestId.get(body.requestId);
        if (first && !('ticket' in first)) return HttpResponse.json(first, { status: 201 });
        const refused = checkMessage(body.message);
        if (refused) return refused;
        const message = addMessage(ticket, body.message.trim());
        byRequestId.set(body.requestId, message);
        return HttpResponse.json(message, { status: 201 });
      },
    ),
  );
  return support;
}
