import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function ChatRoute() {
  return <PlaceholderScreen title="チャット" />;
}
