import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { toast } from '@/components/ui/toast/toast-store';
import { createCheckout } from '@/features/shop/api/create-checkout';
import { checkoutTarget } from '@/features/shop/utils/checkout';
import { errorMessageFor } from '@/lib/api-client';

export const CHECKOUT_FAILED = '購入を始められませんでした。しばらくしてからお試しください。';

type Attempt = { itemId: number; quantity: number; attemptId: string };

/**
 * Buying: `buy(itemId, quantity)` creates the purchase and sends the buyer to its checkout, Stripe's page by
 * a full page load and the development checkout inside the app.
 *
 * One purchase attempt has one `attemptId` (crypto.randomUUID()), which billing uses as the purchase's
 * idempotency key: a second click while the first is still out sends nothing, and trying the same pack and
 * quantity again after an error sends the same id, so a request that reached billing but lost its answer
 * never makes a second purchase. Another pack or quantity, or a new attempt after a checkout was opened,
 * gets a new id.
 */
export function usePurchaseAttempt() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const attempt = useRef<Attempt | null>(null);

  // Coming back to this page from Stripe with the browser's back button restores it as it was left (the
  // bfcache), with the button still waiting for a page that already loaded: make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      inFlight.current = false;
      setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const buy = useCallback(
    async (itemId: number, quantity: number) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      const current = attempt.current;
      const attemptId =
        current && current.itemId === itemId && current.quantity === quantity ? current.attemptId : crypto.randomUUID();
      attempt.current = { itemId, quantity, attemptId };
      try {
        const { checkoutUrl } = await createCheckout({ itemId, quantity, attemptId });
        attempt.current = null;
        const target = checkoutTarget(checkoutUrl, window.location.origin);
        if (target.kind === 'external') {
          // The page is being left: the button stays disabled until it is.
          window.location.assign(target.url);
          return;
        }
        inFlight.current = false;
        setBusy(false);
        void navigate(target.path);
      } catch (error) {
        inFlight.current = false;
        setBusy(false);
        toast({ variant: 'destructive', title: '購入エラー', description: errorMessageFor(error, CHECKOUT_FAILED) });
      }
    },
    [navigate],
  );

  return { buy, busy };
}
