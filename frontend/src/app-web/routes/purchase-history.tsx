import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function PurchaseHistoryRoute() {
  return <PlaceholderScreen title="購入履歴" />;
}
