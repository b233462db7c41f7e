import UnauthorizedRedirectRoute from '@/app-web/routes/unauthorized-redirect';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useRefreshUser } from '@/features/auth/hooks/use-refresh-user';
import { HomeScreen } from '@/features/home/components/home-screen';

/**
 * / (and /home) for a signed-in person: the home feature, given the current user and a way to read it
 * again while the chart is being built. Signed out, it tells the visitor and returns to the landing
 * page after 500 ms (spec §2), as /home does for a signed-out visit.
 */
export default function HomeRoute() {
  const auth = useAuth();
  const refreshUser = useRefreshUser();

  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'signed-out') return <UnauthorizedRedirectRoute />;
  return <HomeScreen user={auth.user} onRefreshUser={refreshUser} />;
}
