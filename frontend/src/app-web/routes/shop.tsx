import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

import { PageSpinner } from '@/components/ui/spinner';
import { userKey } from '@/features/auth/api/get-user';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useChatStatus } from '@/features/chat/api/get-chat-status';
import { ShopScreen } from '@/features/shop/components/shop-screen';

/**
 * /shop: the shop feature, given the current user's balance and what a message to the mascot costs
 * (chat's setting); a completed purchase reads the user again.
 */
export default function ShopRoute() {
  const auth = useAuth();
  const chat = useChatStatus();
  const { mutate } = useSWRConfig();
  const refreshUser = useCallback(() => void mutate(userKey()), [mutate]);

  if (auth.status !== 'signed-in') return <PageSpinner />;
  return (
    <ShopScreen
      balance={auth.user.credits}
      creditsPerMessage={chat.data?.creditsPerMessage ?? null}
      onBalanceChanged={refreshUser}
    />
  );
}
