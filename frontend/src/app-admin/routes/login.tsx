import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function AdminLoginRoute() {
  return <PlaceholderScreen title="管理者ログイン" />;
}
