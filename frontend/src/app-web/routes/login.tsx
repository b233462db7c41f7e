import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function LoginRoute() {
  return <PlaceholderScreen title="ログイン" />;
}
