/**
 * The wire shapes of the gateway's support routes (docs/api/support.md), from its OpenAPI document
 * (types/api.gen.ts): a field the gateway renames or drops fails tsc here and wherever it is used.
 */
import type { ApiBody, ApiSchema } from '@/types/api';

export type TicketStatus = ApiSchema<'TicketStatus'>;
export type TicketPriority = ApiSchema<'TicketPriority'>;

/** One ticket of the member's, with what the list shows of its latest message. */
export type Ticket = ApiSchema<'TicketBody'>;

/** One message of a thread: the member's, or a staff reply (with the staff's name). */
export type TicketMessage = ApiSchema<'TicketMessageBody'>;

/** GET /api/support/tickets: the member's tickets, newest activity first. */
export type TicketList = ApiSchema<'TicketsBody'>;

/** GET /api/support/tickets/{id} and the answer of POST /api/support/tickets: a ticket and its messages, oldest first. */
export type TicketThread = ApiSchema<'TicketThreadBody'>;

/** POST /api/support/tickets. `requestId` is made once per submission, so a double click opens one ticket. */
export type NewTicket = ApiSchema<'OpenTicketBody'>;

/** POST /api/support/tickets/{id}/messages (answers 201 with the `TicketMessage`). */
export type NewTicketMessage = ApiSchema<'PostTicketMessageBody'>;

/** A screenshot stored with a message (PNG or JPEG, re-encoded by support): its size, for the thumbnail's box. */
export type TicketAttachment = ApiSchema<'TicketAttachmentBody'>;

/**
 * GET /api/public/support/reply/{token}: the ticket of a mailed reply link with its thread as the member
 * sees it (no staff notes), and when the link stops working.
 */
export type ReplyThread = ApiSchema<'ReplyThreadBody'>;

/**
 * POST /api/public/support/reply/{token} (answers 201 with the `TicketMessage`, `via` "email"): `requestId` and
 * `message`, whatever the document names the schema.
 */
export type ReplyByLink = ApiBody<'post', '/api/public/support/reply/{token}'>;
