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

/** The order the inbox's query parameters are written in, so one filter is always one URL (and one swr key). */
const TICKET_QUERY_ORDER = ['status', 'priority', 'assignee', 'q', 'cursor', 'limit'] as const;

/** `?status=open&limit=25`: the parameters that are set, in a fixed order; empty text counts as unset. */
function ticketQueryString(query: TicketListQuery): string {
  const params = new URLSearchParams();
  for (const name of TICKET_QUERY_ORDER) {
    const value = query[name];
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

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
} as const;
