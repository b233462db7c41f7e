/**
 * The member routes of the admin build (issue 25): pages of members, one member's page, their credit ledger
 * and purchases, and what staff do there (adjust credits, build a failed chart again). Reads go through swr
 * with the admin fetcher (the bearer token); after a change the member and their ledger are read again.
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';

import { adminApiPaths, type UserListQuery } from '@/config/admin-paths';
import { adminRequest } from '@/features/admin/api/admin-client';
import type {
  AdminLedgerEntry,
  AdminLedgerPage,
  AdminPurchaseList,
  AdminUser,
  AdminUserPage,
  ChartRetryAnswer,
  CreditAdjustment,
  CreditAdjustmentAnswer,
} from '@/features/admin/api/types';
import { isUuid } from '@/lib/ids';

/** One page of the member list: its URL is its key, so the query string is the cache's identity. */
export function useUserPage(query: UserListQuery) {
  // The rows shown stay while the next page or search loads (no blank grid in between).
  return useSWR<AdminUserPage>(adminApiPaths.users(query), { keepPreviousData: true });
}

export function userKey(userId: string): string {
  return adminApiPaths.user(userId);
}

/** A member's page; nothing is asked for an id that is not a UUID (it would be 404 anyway). */
export function useAdminUser(userId: string) {
  return useSWR<AdminUser>(isUuid(userId) ? userKey(userId) : null);
}

/**
 * A member's credit ledger, newest first, page by page ("もっと見る" reads the next through `nextBefore`).
 * Nothing is asked while `enabled` is false (billing did not answer for the member's page).
 */
export function useUserLedger(userId: string, enabled: boolean) {
  const result = useSWRInfinite<AdminLedgerPage>(
    (index: number, previous: AdminLedgerPage | null) => {
      if (!enabled || !isUuid(userId)) return null;
      if (index === 0) return adminApiPaths.userLedger(userId);
      return previous?.nextBefore ? adminApiPaths.userLedger(userId, { before: previous.nextBefore }) : null;
    },
    { revalidateFirstPage: false },
  );
  const pages = result.data ?? [];
  const entries: AdminLedgerEntry[] = pages.flatMap((page) => page.entries);
  const last = pages.at(-1);
  return {
    ...result,
    entries,
    hasMore: last !== undefined && last.nextBefore !== null,
    loadingMore: result.size > 0 && result.data !== undefined && result.data[result.size - 1] === undefined,
  };
}

/** A member's purchases, newest first (Stripe's ids included). */
export function useUserPurchases(userId: string, enabled: boolean) {
  return useSWR<AdminPurchaseList>(enabled && isUuid(userId) ? adminApiPaths.userPurchases(userId) : null);
}

/**
 * POST /api/admin/users/{id}/credits (admins only): ± credits with a reason. The same `requestId` again answers
 * the first adjustment (`replayed`), so a double click or a retry after a lost answer changes the balance once.
 */
export function adjustCredits(userId: string, adjustment: CreditAdjustment): Promise<CreditAdjustmentAnswer> {
  return adminRequest<CreditAdjustmentAnswer>('POST', adminApiPaths.userCredits(userId), adjustment);
}

/** POST /api/admin/users/{id}/chart/retry: builds a failed chart again at once (409 CHART_NOT_FAILED otherwise). */
export function retryChart(userId: string): Promise<ChartRetryAnswer> {
  return adminRequest<ChartRetryAnswer>('POST', adminApiPaths.chartRetry(userId));
}

/** After a change to the member: their page is read again (the ledger's owner reads its pages itself). */
export function useUserChanged(userId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate(userKey(userId));
  }, [mutate, userId]);
}
