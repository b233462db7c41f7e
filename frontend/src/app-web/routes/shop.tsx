import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

import { PageSpinner } from '@/components/ui/spinner';
import { userKey } from '@/features/auth/api/get-user';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ShopScreen } from '@/features/shop/components/shop-screen';

/** /shop: the shop feature, given the current user's balance; a completed purchase reads the user again. */
export default function ShopRoute() {
  const auth = useAuth();
  const { mutate } = useSWRConfig();
  const refreshUser = useCallback(() => void mutate(userKey()), [mutate]);

  if (auth.status !== 'signed-in') return <PageSpinner />;
  return <ShopScreen balance={auth.user.credits} onBalanceChanged={refreshUser} />;
}
