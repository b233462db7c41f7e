import { CHART_POLL_MS } from '@/config/constants';
import { useUser } from '@/features/auth/api/get-user';
import { useRefreshUser } from '@/features/auth/hooks/use-refresh-user';
import { isChartBuilding } from '@/lib/chart-status';
import { usePollWhile } from '@/lib/use-poll-while';

/**
 * Polls the current user every 3 s while its chart is being built (`pending` or `generating`) and stops
 * once it is not (spec §4, §9). Mounted by the screens that wait for the chart; elsewhere the current
 * user keeps its rule of being fetched once. Each poll goes through `useRefreshUser`, as home's does:
 * the answer lands in the cache entry every `useUser` reads, and a failed poll keeps the last known user
 * instead of signing the person out on screen.
 */
export function useChartBuildPolling(): void {
  const { data: user, error } = useUser();
  const refreshUser = useRefreshUser();
  usePollWhile(!error && isChartBuilding(user?.baziChartStatus), refreshUser, CHART_POLL_MS);
}
