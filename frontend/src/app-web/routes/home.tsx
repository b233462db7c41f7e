import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function HomeRoute() {
  return <PlaceholderScreen title="ホーム" />;
}
