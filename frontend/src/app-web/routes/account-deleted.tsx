import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function AccountDeletedRoute() {
  return <PlaceholderScreen title="アカウントを削除しました" />;
}
