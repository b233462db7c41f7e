import { CHART_POLL_MS } from '@/config/constants';
import { useUser } from '@/features/auth/api/get-user';
import { isChartBuilding } from '@/lib/chart-status';
import { usePollWhile } from '@/lib/use-poll-while';

/**
 * Polls the current user every 3 s while its chart is being built (`pending` or `generating`) and stops
 * once it is not (spec §4, §9). Mounted by the screens that wait for the chart; elsewhere the current
 * user keeps its rule of being fetched once. It shares the cache entry of every `useUser`, so all
 * readers of the user see the new status.
 */
export function useChartBuildPolling(): void {
  const { data: user, error, mutate } = useUser();
  usePollWhile(!error && isChartBuilding(user?.baziChartStatus), mutate, CHART_POLL_MS);
}
