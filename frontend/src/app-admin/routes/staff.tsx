import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function AdminStaffRoute() {
  return <PlaceholderScreen title="スタッフ" />;
}
