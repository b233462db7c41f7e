/**
 * The dashboard's figures (GET /api/admin/dashboard, issue 25): one answer with every figure of today (the
 * Japan day), each null when its service did not answer. Read through swr with the admin fetcher.
 */
import useSWR from 'swr';

import { adminApiPaths } from '@/config/admin-paths';
import type { Dashboard } from '@/features/admin/api/types';

export function dashboardKey(): string {
  return adminApiPaths.dashboard;
}

/** Today's figures; `mutate()` reads them again (the figures shown stay meanwhile). */
export function useDashboard() {
  return useSWR<Dashboard>(dashboardKey());
}
