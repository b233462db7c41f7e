import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function FriendsRoute() {
  return <PlaceholderScreen title="フレンド" />;
}
