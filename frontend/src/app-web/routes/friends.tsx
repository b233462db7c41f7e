import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { FriendsScreen } from '@/features/friends/components/friends-screen';

/** /friends: the friends feature for the signed-in member (their id makes the invite link). */
export default function FriendsRoute() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <PageSpinner />;
  return <FriendsScreen userId={auth.user.id} />;
}
