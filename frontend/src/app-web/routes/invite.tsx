import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function InviteRoute() {
  return <PlaceholderScreen title="招待" />;
}
