import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function ShopRoute() {
  return <PlaceholderScreen title="ショップ" />;
}
