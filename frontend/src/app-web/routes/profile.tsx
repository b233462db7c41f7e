import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useChartBuildPolling } from '@/features/auth/hooks/use-chart-build-polling';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { ProfileReports } from '@/features/reports/components/profile-reports';

/** /profile: the profile feature, given the current user (polled while the chart is built) and the reports. */
export default function ProfileRoute() {
  const auth = useAuth();
  useChartBuildPolling();

  if (auth.status !== 'signed-in') return <PageSpinner />;
  return <ProfileScreen person={auth.user} reports={<ProfileReports />} />;
}
