import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function SettingsRoute() {
  return <PlaceholderScreen title="設定" />;
}
