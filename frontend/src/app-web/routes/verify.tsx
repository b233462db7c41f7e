import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function VerifyRoute() {
  return <PlaceholderScreen title="メール認証" />;
}
