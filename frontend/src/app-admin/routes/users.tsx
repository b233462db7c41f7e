import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function AdminUsersRoute() {
  return <PlaceholderScreen title="ユーザー管理" />;
}
