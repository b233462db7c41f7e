import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function AboutRoute() {
  return <PlaceholderScreen title="巡りについて" />;
}
