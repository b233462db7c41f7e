import { useParams } from 'react-router';

import { NotFoundScreen } from '@/components/ui/not-found-screen';
import { paths } from '@/config/paths';
import { CompatibilityScreen } from '@/features/friends/components/compatibility-screen';

/** /friends/{userId}: one friend's compatibility page. */
export default function FriendCompatibilityRoute() {
  const { userId } = useParams();
  if (!userId) return <NotFoundScreen homePath={paths.friends} />;
  // Keyed by the friend, so moving between two friends' pages starts each afresh.
  return <CompatibilityScreen key={userId} userId={userId} />;
}
