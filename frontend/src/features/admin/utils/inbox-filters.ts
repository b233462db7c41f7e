/**
 * The inbox's filters as they sit in the page's URL (`/admin/tickets?status=open&assignee=me`): a filtered
 * inbox can be bookmarked, survives a reload, and is what a session that ended returns to after signing in.
 * The same names go to GET /api/admin/tickets (`ticketListQuery`).
 */
import type { TicketListQuery } from '@/config/admin-paths';
import type { TicketPriority, TicketStatus } from '@/features/admin/api/types';
import { isTicketPriority, isTicketStatus } from '@/features/admin/utils/labels';

/** 全員 (no filter), 自分, 未割り当て, or one staff member's id. */
export type AssigneeFilter = 'me' | 'none' | (string & {});

export type InboxFilters = {
  status: TicketStatus | null;
  priority: TicketPriority | null;
  assignee: AssigneeFilter | null;
  /** Text searched for in the subjects; '' for none. */
  q: string;
};

export const NO_FILTERS: InboxFilters = { status: null, priority: null, assignee: null, q: '' };

/** The longest search text sent: a subject is at most 100 characters. */
export const SEARCH_MAX = 100;

/** The filters of a URL's query; a value the gateway would refuse is dropped rather than sent. */
export function filtersFromSearch(params: URLSearchParams): InboxFilters {
  const status = params.get('status');
  const priority = params.get('priority');
  const assignee = params.get('assignee')?.trim() ?? '';
  return {
    status: isTicketStatus(status) ? status : null,
    priority: isTicketPriority(priority) ? priority : null,
    assignee: assignee === '' ? null : assignee,
    q: [...(params.get('q') ?? '')].slice(0, SEARCH_MAX).join(''),
  };
}

/** The URL query of `filters` (unset ones left out), in the same order as the API's. */
export function filtersToSearch(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.priority) params.set('priority', filters.priority);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.q.trim() !== '') params.set('q', filters.q);
  return params;
}

/** GET /api/admin/tickets for one page of the filtered inbox; the text is sent trimmed. */
export function ticketListQuery(filters: InboxFilters, cursor: string | null, limit: number): TicketListQuery {
  return {
    status: filters.status,
    priority: filters.priority,
    assignee: filters.assignee,
    q: filters.q.trim(),
    cursor,
    limit,
  };
}
