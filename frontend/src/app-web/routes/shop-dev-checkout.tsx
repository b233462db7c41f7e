import { useParams } from 'react-router';

import { DevCheckoutScreen } from '@/features/shop/components/dev-checkout-screen';

/** /shop/dev-checkout/{purchaseId}: the development checkout of one of the caller's purchases. */
export default function ShopDevCheckoutRoute() {
  const { purchaseId = '' } = useParams();
  return <DevCheckoutScreen purchaseId={purchaseId} />;
}
