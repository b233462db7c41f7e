import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function ForgotPasswordRoute() {
  return <PlaceholderScreen title="パスワードをお忘れの方" />;
}
