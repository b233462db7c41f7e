/**
 * The admin build's URLs: its screens (`adminPaths`) and the gateway's admin endpoints (`adminApiPaths`).
 * They live apart from paths.ts because `paths` is one object that the app build carries whole: only the
 * admin build imports this file, so none of it reaches the member bundles (architecture.test.ts checks).
 * The screens that spec §2 lists as always available stay in `paths.admin`, which the app build needs for
 * its hand-off to this build.
 */
import { paths } from '@/config/paths';

export const adminPaths = {
  ...paths.admin,
  /**
   * Login, then back to `next` (an /admin path): where a guard sends a signed-out visitor or an ended
   * session, so signing in returns to the page the person was on.
   */
  loginThen: (next: string) => `/admin/login?next=${encodeURIComponent(next)}`,
  tickets: '/admin/tickets',
  ticket: {
    pattern: '/admin/tickets/:ticketId',
    href: (ticketId: string) => `/admin/tickets/${encodeURIComponent(ticketId)}`,
  },
  user: {
    pattern: '/admin/users/:userId',
    href: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
  },
  auditLog: '/admin/audit-log',
  staff: '/admin/staff',
} as const;

/**
 * The inbox's query (GET /api/admin/tickets): `status` open | in_progress | closed, `priority` low | normal |
 * high | urgent, `assignee` a staff id, `none` or `me`, `q` text in the subject, `cursor` the previous
 * page's `nextCursor`, `limit` 1–100. Unset ones are left out.
 */
export type TicketListQuery = {
  status?: string | null;
  priority?: string | null;
  assignee?: string | null;
  q?: string | null;
  cursor?: string | null;
  limit?: number | null;
};

/** GET /api/admin/users: `q` an id or text in the e-mail or username, `cursor`, `limit` 1–100. */
export type UserListQuery = { q?: string | null; cursor?: string | null; limit?: number | null };

/** GET /api/admin/users/{id}/ledger: `before` the previous page's `nextBefore`, `limit` 1–100. */
export type UserLedgerQuery = { before?: string | null; limit?: number | null };

/**
 * GET /api/admin/audit: `actor` a staff id, `action` (e.g. `credits.adjust`), `targetType` ticket | member |
 * staff, `targetId`, `from`/`to` Japan days `YYYY-MM-DD` (inclusive), `cursor`, `limit` 1–100.
 */
export type AuditQuery = {
  actor?: string | null;
  action?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  from?: string | null;
  to?: string | null;
  cursor?: string | null;
  limit?: number | null;
};

/**
 * GET /api/admin/analytics: `from`/`to` Japan days `YYYY-MM-DD`, both inclusive, at most 366 days in all
 * (features/admin/utils/analytics-range.ts keeps a range within that).
 */
export type AnalyticsQuery = { from?: string | null; to?: string | null };

/** The order the inbox's query parameters are written in, so one filter is always one URL (and one swr key). */
const TICKET_QUERY_ORDER = ['status', 'priority', 'assignee', 'q', 'cursor', 'limit'] as const;
const USER_QUERY_ORDER = ['q', 'cursor', 'limit'] as const;
const LEDGER_QUERY_ORDER = ['before', 'limit'] as const;
const AUDIT_QUERY_ORDER = ['actor', 'action', 'targetType', 'targetId', 'from', 'to', 'cursor', 'limit'] as const;
const ANALYTICS_QUERY_ORDER = ['from', 'to'] as const;

/** `?status=open&limit=25`: the parameters that are set, in the given order; empty text counts as unset. */
function queryString<Q extends Record<string, string | number | null | undefined>>(
  query: Q,
  order: readonly (keyof Q & string)[],
): string {
  const params = new URLSearchParams();
  for (const name of order) {
    const value = query[name];
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const ticketQueryString = (query: TicketListQuery) => queryString(query, TICKET_QUERY_ORDER);

/**
 * The gateway's admin routes (issue 25). Every one but `login` takes `Authorization: Bearer <token>`
 * (features/admin/api/admin-client.ts sends it).
 */
export const adminApiPaths = {
  login: '/api/admin/login',
  me: '/api/admin/me',
  logout: '/api/admin/logout',
  /** The inbox, newest activity first, one page at a time (`cursor` is the previous page's `nextCursor`). */
  tickets: (query: TicketListQuery = {}) => `/api/admin/tickets${ticketQueryString(query)}`,
  ticket: (ticketId: string) => `/api/admin/tickets/${encodeURIComponent(ticketId)}`,
  assign: (ticketId: string) => `/api/admin/tickets/${encodeURIComponent(ticketId)}/assign`,
  messages: (ticketId: string) => `/api/admin/tickets/${encodeURIComponent(ticketId)}/messages`,
  attachment: (attachmentId: string) => `/api/admin/attachments/${encodeURIComponent(attachmentId)}`,
  staff: '/api/admin/staff',
  staffMember: (adminId: string) => `/api/admin/staff/${encodeURIComponent(adminId)}`,
  /** Members, newest sign-up first, one page at a time. */
  users: (query: UserListQuery = {}) => `/api/admin/users${queryString(query, USER_QUERY_ORDER)}`,
  user: (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`,
  userLedger: (userId: string, query: UserLedgerQuery = {}) =>
    `/api/admin/users/${encodeURIComponent(userId)}/ledger${queryString(query, LEDGER_QUERY_ORDER)}`,
  userPurchases: (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/purchases`,
  userCredits: (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/credits`,
  chartRetry: (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/chart/retry`,
  dashboard: '/api/admin/dashboard',
  audit: (query: AuditQuery = {}) => `/api/admin/audit${queryString(query, AUDIT_QUERY_ORDER)}`,
  /** The dashboard's charts (issue 26): every day of a range, its totals and breakdowns. */
  analytics: (query: AnalyticsQuery = {}) => `/api/admin/analytics${queryString(query, ANALYTICS_QUERY_ORDER)}`,
  /** POST: roll a range (at most 92 days) up again now, today so far included (admins only). */
  analyticsRollup: '/api/admin/analytics/rollup',
} as const;
