import { UserListScreen } from '@/features/admin/components/user-list-screen';

export default function AdminUsersRoute() {
  return <UserListScreen />;
}
