/**
 * The audit log's filters as they sit in the page's URL (`/admin/audit-log?actor=…&action=credits.adjust`):
 * a filtered log can be linked to (from a ticket, a member or a staff account) and survives a reload. The
 * same names go to GET /api/admin/audit (`auditQuery`).
 */
import type { AuditQuery } from '@/config/admin-paths';
import {
  isAuditAction,
  isAuditTargetType,
  type AuditAction,
  type AuditTargetType,
} from '@/features/admin/utils/labels';
import { isUuid } from '@/lib/ids';

export type AuditFilters = {
  /** A staff member's id. */
  actor: string | null;
  action: AuditAction | null;
  targetType: AuditTargetType | null;
  /** A ticket's, member's or staff account's id (a UUID). */
  targetId: string | null;
  /** Japan days `YYYY-MM-DD`, both inclusive. */
  from: string | null;
  to: string | null;
};

export const NO_AUDIT_FILTERS: AuditFilters = {
  actor: null,
  action: null,
  targetType: null,
  targetId: null,
  from: null,
  to: null,
};

const ORDER = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (what a date input gives and the gateway takes). */
export function isIsoDay(value: string | null): value is string {
  if (value === null) return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0));
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
}

/** A UUID as written in the URL: trimmed and lower-case, or null if it is none. */
function uuidOrNull(value: string | null): string | null {
  const trimmed = value?.trim().toLowerCase() ?? '';
  return isUuid(trimmed) ? trimmed : null;
}

/** The filters of a URL's query; a value the gateway would refuse (400) is dropped rather than sent. */
export function auditFiltersFromSearch(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  const targetType = params.get('targetType');
  const from = params.get('from');
  const to = params.get('to');
  return {
    actor: uuidOrNull(params.get('actor')),
    action: isAuditAction(action) ? action : null,
    targetType: isAuditTargetType(targetType) ? targetType : null,
    targetId: uuidOrNull(params.get('targetId')),
    from: isIsoDay(from) ? from : null,
    to: isIsoDay(to) ? to : null,
  };
}

/** The URL query of `filters` (unset ones left out), in the same order as the API's. */
export function auditFiltersToSearch(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ORDER) {
    const value = filters[name];
    if (value !== null) params.set(name, value);
  }
  return params;
}

/** Whether any filter is set. */
export function isFiltered(filters: AuditFilters): boolean {
  return ORDER.some((name) => filters[name] !== null);
}

/** Whether the period runs backwards (from after to): the gateway would find nothing in it. */
export function isPeriodReversed(filters: AuditFilters): boolean {
  return filters.from !== null && filters.to !== null && filters.from > filters.to;
}

/** GET /api/admin/audit for one page of the filtered log. */
export function auditQuery(filters: AuditFilters, cursor: string | null, limit: number): AuditQuery {
  return { ...filters, cursor, limit };
}
