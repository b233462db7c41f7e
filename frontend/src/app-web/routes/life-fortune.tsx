import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useChartBuildPolling } from '@/features/auth/hooks/use-chart-build-polling';
import { LifeFortuneScreen } from '@/features/reports/components/life-fortune-screen';

/** /life-fortune: the life report in full, for the current user (polled while the chart is built). */
export default function LifeFortuneRoute() {
  const auth = useAuth();
  useChartBuildPolling();

  if (auth.status !== 'signed-in') return <PageSpinner />;
  return <LifeFortuneScreen person={auth.user} />;
}
