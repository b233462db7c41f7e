import { PurchaseHistoryScreen } from '@/features/shop/components/purchase-history-screen';

/** /purchase-history: the caller's purchases and the credit ledger. */
export default function PurchaseHistoryRoute() {
  return <PurchaseHistoryScreen />;
}
