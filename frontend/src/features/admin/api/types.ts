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

/** POST /api/admin/staff (admins only): a new staff account with its first password. */
export type NewStaff = Required<ApiSchema<'NewStaffBody'>>;

/** PATCH /api/admin/staff/{id} (admins only): deactivate, reactivate or change the role. */
export type StaffChange = { isActive?: boolean; role?: AdminRole } & ApiSchema<'StaffChangeBody'>;

/** GET /api/admin/users: one page of members, newest sign-up first (deleted accounts included). */
export type AdminUserPage = ApiSchema<'AdminUsersBody'>;

/** The member on their user page: the list's fields plus last sign-in, birth-data presence and onboarding. */
export type AdminUserMember = ApiSchema<'AdminUserMemberBody'>;

/** pending | generating | ready | failed. */
export type ChartStatus = ApiSchema<'ChartStatus'>;

/** A member's chart as staff see it: its status, tries and last error (never the chart). */
export type AdminChart = ApiSchema<'AdminChartBody'>;

/**
 * GET /api/admin/users/{id}: the member and what the other services know of them. A part whose service did
 * not answer is null, and the service is named in `unavailable`.
 */
export type AdminUser = ApiSchema<'AdminUserBody'>;

/** One ledger entry as staff see it: an adjustment's `note` (the staff's reason) and `actorId`. */
export type AdminLedgerEntry = ApiSchema<'AdminLedgerEntryBody'>;

/** GET /api/admin/users/{id}/ledger: the balance and one page of entries, newest first. */
export type AdminLedgerPage = ApiSchema<'AdminLedgerBody'>;

/** One purchase as staff see it (Stripe's ids and a refund's shortfall included). */
export type AdminPurchase = ApiSchema<'AdminPurchaseBody'>;

export type AdminPurchaseList = ApiSchema<'AdminPurchasesBody'>;

/** POST /api/admin/users/{id}/credits (admins only): `delta` ± credits, `reason` required, one `requestId` per submission. */
export type CreditAdjustment = Required<ApiSchema<'CreditAdjustmentBody'>>;

/** Its answer (201): the balance after, the ledger entry, and whether the requestId had been used before. */
export type CreditAdjustmentAnswer = ApiSchema<'CreditAdjustmentAnswer'>;

/** POST /api/admin/users/{id}/chart/retry (202). */
export type ChartRetryAnswer = ApiSchema<'ChartRetryAnswer'>;

/** GET /api/admin/dashboard: today's operational figures (null: that service did not answer). */
export type Dashboard = ApiSchema<'DashboardBody'>;

/** One staff action of the audit log. */
export type AuditEntry = ApiSchema<'AuditEntryBody'>;

/** GET /api/admin/audit: one page of the log, newest first. */
export type AuditPage = ApiSchema<'AuditPageBody'>;

/**
 * GET /api/admin/analytics (issue 26): every Japan day of a range in order (`rolledUp` false: not computed yet,
 * its figures 0), the range's totals, the sign-up funnel (always its six steps, in order) and the breakdowns,
 * most first. A service that did not answer is named in `unavailable` and its figures are 0 (billing: money).
 */
export type Analytics = ApiSchema<'AnalyticsBody'>;

/** One day of the range. */
export type AnalyticsDay = ApiSchema<'AnalyticsDayBody'>;

/** One name and its count: a funnel step, a feature, a browser, an OS, a country or a city (`JP/東京`). */
export type AnalyticsCount = ApiSchema<'CountBody'>;
