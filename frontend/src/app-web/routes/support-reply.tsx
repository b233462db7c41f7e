import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function SupportReplyRoute() {
  return <PlaceholderScreen title="サポートへの返信" />;
}
