import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function SignupRoute() {
  return <PlaceholderScreen title="新規登録" />;
}
