import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function AdminDashboardRoute() {
  return <PlaceholderScreen title="ダッシュボード" />;
}
