/**
 * The dashboard's charts (GET /api/admin/analytics, issue 26): every Japan day of a range with its figures,
 * the totals and the breakdowns, in one answer. Read through swr with the admin fetcher.
 */
import useSWR from 'swr';

import { adminRequest } from '@/features/admin/api/admin-client';

import { adminApiPaths } from '@/config/admin-paths';
import type { Analytics } from '@/features/admin/api/types';
import type { AnalyticsRange } from '@/features/admin/utils/analytics-range';

/** One range's key: its URL, so the range is the cache's identity. */
export function analyticsKey(range: AnalyticsRange): string {
  return adminApiPaths.analytics(range);
}

/**
 * One range's figures. The charts shown stay while another range loads (no blank page between presets);
 * `data.from`/`data.to` say which range they are.
 */
export function useAnalytics(range: AnalyticsRange) {
  return useSWR<Analytics>(analyticsKey(range), { keepPreviousData: true });
}

/** The longest range POST /api/admin/analytics/rollup takes (400 INVALID_ANALYTICS_RANGE beyond it). */
export const MAX_ROLLUP_DAYS = 92;

/** Rolls `range` up again now (admins only); answers how many days were. */
export function rollUpAnalytics(range: AnalyticsRange): Promise<{ days: number }> {
  return adminRequest<{ days: number }>('POST', adminApiPaths.analyticsRollup, range);
}
