import { DashboardScreen } from '@/features/admin/components/dashboard-screen';

export default function AdminDashboardRoute() {
  return <DashboardScreen />;
}
