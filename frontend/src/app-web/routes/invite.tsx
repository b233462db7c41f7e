import { useParams } from 'react-router';

import { NotFoundScreen } from '@/components/ui/not-found-screen';
import { paths } from '@/config/paths';
import { InviteScreen } from '@/features/friends/components/invite-screen';

/** /invite/{userId}, signed in or not (spec §2): the inviter's card and what the visitor can do. */
export default function InviteRoute() {
  const { userId } = useParams();
  if (!userId) return <NotFoundScreen homePath={paths.landing} />;
  return <InviteScreen key={userId} userId={userId} />;
}
