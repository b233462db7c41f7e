import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function ResetPasswordRoute() {
  return <PlaceholderScreen title="パスワードの再設定" />;
}
