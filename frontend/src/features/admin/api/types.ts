/**
 * The wire shapes of the gateway's admin routes (docs/api/admin.md), from its OpenAPI document
 * (types/api.gen.ts): a field the gateway renames or drops fails tsc here and wherever it is used.
 */
import type { ApiSchema } from '@/types/api';

export type TicketStatus = ApiSchema<'TicketStatus'>;
export type TicketPriority = ApiSchema<'TicketPriority'>;

/** What a staff account may do: `admin` everything, `support` the inbox (the gateway answers 403 ADMIN_FORBIDDEN). */
export type AdminRole = 'admin' | 'support';

/** The signed-in staff member. */
export type AdminIdentity = { id: string; email: string; role: AdminRole };

/** POST /api/admin/login. */
export type AdminLoginRequest = ApiSchema<'AdminLoginBody'>;

/**
 * The answer of POST /api/admin/login: the bearer token, when it expires (RFC 3339, 15 minutes on) and who
 * signed in. The document types `role` as a string; `parseRole` narrows it.
 */
export type AdminLoginAnswer = ApiSchema<'AdminLoginAnswer'>;

/** GET /api/admin/me: who the token belongs to and when it expires. */
export type AdminMeAnswer = ApiSchema<'AdminMeBody'>;

/** The member behind a ticket, as staff see them (never birth data; `email` empty once deleted). */
export type AdminMember = ApiSchema<'AdminMemberBody'>;

/** The member who opened a ticket, as the inbox lists them. */
export type AdminTicketMember = AdminMember;

/** One ticket as staff see it. */
export type AdminTicket = ApiSchema<'AdminTicketBody'>;

/** GET /api/admin/tickets: one page of the inbox, newest activity first, and the counts per status. */
export type AdminTicketPage = ApiSchema<'AdminTicketsBody'>;

/** A screenshot of a message (PNG or JPEG), read through GET /api/admin/attachments/{id} with the bearer token. */
export type AdminAttachment = ApiSchema<'TicketAttachmentBody'>;

/** One message of a thread: the member's, a staff reply (mailed to the member) or an internal note. */
export type AdminTicketMessage = ApiSchema<'AdminTicketMessageBody'>;

/** GET /api/admin/tickets/{id}: the ticket, its messages oldest first, and the member (null once deleted). */
export type AdminTicketThread = ApiSchema<'AdminTicketThreadBody'>;

/** POST /api/admin/tickets/{id}/assign: a staff id, or null to unassign. Answers the ticket. */
export type AssignTicket = ApiSchema<'AssignBody'>;

/** PATCH /api/admin/tickets/{id}: either or both. Answers the ticket (closing sets `closedAt`). */
export type UpdateTicket = { status?: TicketStatus; priority?: TicketPriority };

/**
 * POST /api/admin/tickets/{id}/messages (201, the message). `requestId` is made once per submission and sent
 * again on a retry, so a double click stores one message. A reply (`internal` false) is mailed to the member.
 */
export type NewAdminMessage = ApiSchema<'StaffMessageBody'>;

/** One staff account (GET /api/admin/staff), for the assignee picker and the names. */
export type StaffMember = ApiSchema<'StaffAccountBody'>;

export type StaffList = ApiSchema<'StaffListBody'>;
