import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function ProfileRoute() {
  return <PlaceholderScreen title="プロフィール" />;
}
