/**
 * The audit log (GET /api/admin/audit, issue 25): what staff did, newest first, one page at a time by the
 * gateway's opaque cursor. Entries are never changed, so nothing here writes.
 */
import useSWR from 'swr';

import { adminApiPaths, type AuditQuery } from '@/config/admin-paths';
import type { AuditPage } from '@/features/admin/api/types';

/** One page's key: its URL, so the query string is the cache's identity. */
export function auditPageKey(query: AuditQuery): string {
  return adminApiPaths.audit(query);
}

/** One page of the log. The rows shown stay while the next page loads (no blank grid between pages). */
export function useAuditPage(query: AuditQuery) {
  return useSWR<AuditPage>(auditPageKey(query), { keepPreviousData: true });
}
