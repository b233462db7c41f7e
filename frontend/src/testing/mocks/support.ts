import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';

import { apiPaths } from '@/config/paths';
import type {
  NewTicket,
  NewTicketMessage,
  ReplyByLink,
  ReplyThread,
  Ticket,
  TicketAttachment,
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
export const attachmentId = (n: number) => `0193d1a2-7c1e-7000-d000-${String(n).padStart(12, '0')}`;

/**
 * Reply link tokens have the gateway's form (32 random bytes, base64url: 43 characters). `REPLY_TOKEN` is
 * live once a test lists it (`sampleReplyLink`); none is by default.
 */
export const REPLY_TOKEN = 'q3Xb9mK2vT7wLp0sZr4NcYh8JdGf1EaUo6iWkVx5BnM';
/** A stored link whose time has passed: answered exactly as an unknown one. */
export const EXPIRED_REPLY_TOKEN = 'Zt8Qe2Rk5Wm9Yc3Vb7Nh1Lj6Gd4Fs0Pa_Xo-Ui2Tr8E';

/** A screenshot (PNG, 1280×720) of a message; override any field. */
export function sampleAttachment(fields: Partial<TicketAttachment> & Pick<TicketAttachment, 'id'>): TicketAttachment {
  return { contentType: 'image/png', width: 1280, height: 720, sizeBytes: 48_213, ...fields };
}

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
    attachments: [],
    createdAt: stamp,
    ...fields,
  };
}

/** A mailed reply link to `ticketId`: live until `expiresAt` (by default 2036-12-21 15:30 UTC, the 22nd in Japan). */
export type ReplyLink = { token: string; ticketId: string; expiresAt: string };

export function sampleReplyLink(fields: Partial<ReplyLink> & Pick<ReplyLink, 'ticketId'>): ReplyLink {
  return { token: REPLY_TOKEN, expiresAt: '2036-12-21T15:30:00Z', ...fields };
}

/** A file part of a multipart body, as the mock received it. */
export type Upload = { type: string; size: number };

/** A POST body as received: its fields, whether it came as JSON or multipart/form-data, and its images. */
export type Sent<Body> = Body & { contentType: 'json' | 'multipart'; attachments: Upload[] };

/** Reads a support POST the way the gateway does: JSON, or multipart with text fields and `attachments` files. */
async function readSent<Body>(request: Request): Promise<Sent<Body>> {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    const attachments: Upload[] = [];
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else if (name === 'attachments') attachments.push({ type: value.type, size: value.size });
    }
    return { ...(fields as Body), contentType: 'multipart', attachments };
  }
  return { ...((await request.json()) as Body), contentType: 'json', attachments: [] };
}

/** A 1×1 PNG, the bytes every stored screenshot answers with. */
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

type Support = {
  tickets: Ticket[];
  /** Every ticket's messages, oldest first. */
  messages: TicketMessage[];
  /** The mailed reply links; any other token (and one past its `expiresAt`) is REPLY_LINK_INVALID. */
  replyLinks: ReplyLink[];
  /** When set, every support route answers 503 SUPPORT_UNAVAILABLE. */
  down: boolean;
  /** When set, the reply link's routes answer 429 RATE_LIMITED. */
  rateLimited: boolean;
  /** Every POST /api/support/tickets body, in order (a double click shows here). */
  created: Sent<NewTicket>[];
  /** Every POST …/messages body, in order. */
  replies: Sent<NewTicketMessage>[];
  /** Every POST /api/public/support/reply/{token} body, in order, with its token. */
  answers: (ReplyByLink & { token: string })[];
};

const SUBJECT_MAX = 100;
const MESSAGE_MAX = 5000;
const chars = (text: string) => [...text].length;

/**
 * The gateway's support routes (issue 24) over the signed-in member's tickets in memory, with the contract's
 * rules: the validation codes, one ticket per requestId, TICKET_NOT_FOUND for an id that is not the member's,
 * staff replies read once the thread is read, a member's message reopening a closed ticket, and 503
 * SUPPORT_UNAVAILABLE while `down`; screenshots (multipart, the IMAGE_* codes, 3 at most, served to their
 * owner only); and the public reply link's page (the thread without read marks, the answer `via` email, one
 * 404 REPLY_LINK_INVALID for every token that does not work, 429 while `rateLimited`). Returns the state.
 */
export function mockSupport(initial: Partial<Support> = {}) {
  const support: Support = {
    tickets: [],
    messages: [],
    replyLinks: [],
    down: false,
    rateLimited: false,
    created: [],
    replies: [],
    answers: [],
    ...initial,
  };
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
  const checkImages = (uploads: Upload[]) => {
    if (uploads.length > 3) return apiError(400, 'TOO_MANY_ATTACHMENTS', '添付できる画像は3枚までです');
    for (const upload of uploads) {
      if (upload.size === 0) return apiError(400, 'IMAGE_EMPTY', '画像ファイルが空です。別の画像を選んでください');
      if (upload.size > 2 * 1024 * 1024) return apiError(400, 'IMAGE_TOO_LARGE', '画像は1枚2MBまでです');
      if (upload.type !== 'image/png' && upload.type !== 'image/jpeg') {
        return apiError(400, 'IMAGE_TYPE_NOT_ALLOWED', '添付できるのはPNGかJPEGの画像だけです');
      }
    }
    return null;
  };
  const linkInvalid = () =>
    apiError(404, 'REPLY_LINK_INVALID', 'このリンクは使えません。リンクが正しくないか、有効期限が切れています');
  const rateLimited = () =>
    apiError(429, 'RATE_LIMITED', 'リクエストが多すぎます。しばらくしてから再度お試しください。', { headers: { 'Retry-After': '30' } });
  /** The ticket of a live link, or null: unknown, expired and a ticket gone all read the same. */
  const linkedTicket = (token: string) => {
    const link = support.replyLinks.find((l) => l.token === token);
    if (!link || Date.parse(link.expiresAt) <= Date.now()) return null;
    const ticket = support.tickets.find((t) => t.id === link.ticketId);
    return ticket ? { link, ticket } : null;
  };
  const image = () => new HttpResponse(PNG_1X1, { headers: { 'Content-Type': 'image/png' } });
  const addMessage = (ticket: Ticket, body: string, uploads: Upload[] = [], via: TicketMessage['via'] = 'web'): TicketMessage => {
    next += 1;
    const at = new Date(Date.parse(stamp) + next * 1000).toISOString();
    const attachments = uploads.map((upload) => {
      next += 1;
      return sampleAttachment({ id: attachmentId(next), contentType: upload.type, sizeBytes: upload.size, width: 800, height: 600 });
    });
    const message = sampleTicketMessage({ id: ticketMessageId(next), ticketId: ticket.id, body, via, attachments, createdAt: at });
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
    http.post<PathParams, DefaultBodyType, TicketThread | Error>(apiPaths.support.tickets, async ({ request }) => {
      const body = await readSent<NewTicket>(request);
      support.created.push(body);
      if (support.down) return unavailable();
      const first = byRequestId.get(body.requestId);
      if (first && 'ticket' in first) return HttpResponse.json(first, { status: 201 });
      const subject = body.subject.trim();
      if (subject === '') return apiError(400, 'TICKET_SUBJECT_REQUIRED', '件名を入力してください');
      if (chars(subject) > SUBJECT_MAX || /[\r\n]/.test(subject)) {
        return apiError(400, 'TICKET_SUBJECT_TOO_LONG', '件名は100文字以内・1行で入力してください');
      }
      const refused = checkMessage(body.message) ?? checkImages(body.attachments);
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
      addMessage(ticket, body.message.trim(), body.attachments);
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
    http.post<{ ticketId: string }, DefaultBodyType, TicketMessage | Error>(
      '/api/support/tickets/:ticketId/messages',
      async ({ params, request }) => {
        const body = await readSent<NewTicketMessage>(request);
        support.replies.push(body);
        if (support.down) return unavailable();
        const ticket = support.tickets.find((t) => t.id === params.ticketId);
        if (!ticket) return notFound();
        const first = byRequestId.get(body.requestId);
        if (first && !('ticket' in first)) return HttpResponse.json(first, { status: 201 });
        const refused = checkMessage(body.message) ?? checkImages(body.attachments);
        if (refused) return refused;
        const message = addMessage(ticket, body.message.trim(), body.attachments);
        byRequestId.set(body.requestId, message);
        return HttpResponse.json(message, { status: 201 });
      },
    ),
    http.get<{ attachmentId: string }>('/api/support/attachments/:attachmentId', ({ params }) => {
      if (support.down) return unavailable();
      const owned = support.messages.some(
        (m) => support.tickets.some((t) => t.id === m.ticketId) && m.attachments.some((a) => a.id === params.attachmentId),
      );
      return owned ? image() : apiError(404, 'ATTACHMENT_NOT_FOUND', '画像が見つかりません');
    }),
    http.get<{ token: string }, DefaultBodyType, ReplyThread | Error>('/api/public/support/reply/:token', ({ params }) => {
      if (support.rateLimited) return rateLimited();
      if (support.down) return unavailable();
      const found = linkedTicket(params.token);
      if (!found) return linkInvalid();
      // Read through a link, nothing is marked read (a forwarded mail is not the member opening it).
      return HttpResponse.json({ ...structuredClone(threadOf(found.ticket)), expiresAt: found.link.expiresAt });
    }),
    http.post<{ token: string }, ReplyByLink, TicketMessage | Error>('/api/public/support/reply/:token', async ({ params, request }) => {
      const body = await request.json();
      support.answers.push({ ...body, token: params.token });
      if (support.rateLimited) return rateLimited();
      if (support.down) return unavailable();
      const found = linkedTicket(params.token);
      if (!found) return linkInvalid();
      const first = byRequestId.get(body.requestId);
      if (first && !('ticket' in first)) return HttpResponse.json(first, { status: 201 });
      const refused = checkMessage(body.message);
      if (refused) return refused;
      const message = addMessage(found.ticket, body.message.trim(), [], 'email');
      byRequestId.set(body.requestId, message);
      return HttpResponse.json(message, { status: 201 });
    }),
    http.get<{ token: string; attachmentId: string }>(
      '/api/public/support/reply/:token/attachments/:attachmentId',
      ({ params }) => {
        const found = linkedTicket(params.token);
        if (!found) return linkInvalid();
        const inThread = support.messages.some(
          (m) => m.ticketId === found.ticket.id && m.attachments.some((a) => a.id === params.attachmentId),
        );
        return inThread ? image() : apiError(404, 'ATTACHMENT_NOT_FOUND', '画像が見つかりません');
      },
    ),
  );
  return support;
}
