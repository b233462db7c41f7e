import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function LifeFortuneRoute() {
  return <PlaceholderScreen title="人生の運勢" />;
}
