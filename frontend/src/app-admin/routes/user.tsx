import { useParams } from 'react-router';

import { UserDetailScreen } from '@/features/admin/components/user-detail-screen';

export default function AdminUserRoute() {
  const { userId = '' } = useParams();
  // A new id is a new screen: the adjustment dialog's requestId belongs to one member.
  return <UserDetailScreen key={userId} userId={userId} />;
}
