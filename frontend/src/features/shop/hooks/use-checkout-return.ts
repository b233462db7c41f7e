import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

import { PURCHASE_POLL_LIMIT_MS, PURCHASE_POLL_MS } from '@/config/constants';
import { usePurchase } from '@/features/shop/api/get-purchase';
import { ledgerKey } from '@/features/shop/api/get-ledger';
import { purchasesKey } from '@/features/shop/api/get-purchases';
import type { Purchase } from '@/features/shop/api/types';
import type { CheckoutReturn } from '@/features/shop/utils/checkout';
import { errorMessageFor } from '@/lib/api-client';
import { usePollWhile } from '@/lib/use-poll-while';

/** What the shop says about a checkout the buyer came back from. */
export type CheckoutReturnState =
  | { kind: 'none' }
  | { kind: 'canceled' }
  | { kind: 'loading' }
  /** Paid and granted. */
  | { kind: 'completed'; purchase: Purchase }
  /** Back from a successful checkout, the payment's webhook not yet in: asked again every 2 s. */
  | { kind: 'confirming' }
  /** Still pending after a minute: the credits will follow when the webhook lands. */
  | { kind: 'slow' }
  /** The purchase ended without a payment (expired, failed, canceled) or was refunded. */
  | { kind: 'not-completed'; purchase: Purchase }
  | { kind: 'error'; message: string; retry: () => void };

export const PURCHASE_LOAD_FAILED = '購入の状況を読み込めませんでした。';

/**
 * The return from checkout: after `result=success` the purchase is read and, while it is still pending,
 * read again every PURCHASE_POLL_MS for at most PURCHASE_POLL_LIMIT_MS. When it turns out completed, the
 * purchase list and the ledger are read again and `onCompleted` runs once (the caller refreshes the balance).
 */
export function useCheckoutReturn(checkout: CheckoutReturn | null, onCompleted: () => void): CheckoutReturnState {
  const purchaseId = checkout?.result === 'success' ? checkout.purchaseId : null;
  const { data, error, mutate } = usePurchase(purchaseId);
  const [timedOutFor, setTimedOutFor] = useState<string | null>(null);
  const { mutate: mutateKey } = useSWRConfig();

  const pending = data?.status === 'pending' && data.id === purchaseId;
  const timedOut = purchaseId !== null && timedOutFor === purchaseId;

  useEffect(() => {
    if (!pending || purchaseId === null) return undefined;
    const timer = setTimeout(() => setTimedOutFor(purchaseId), PURCHASE_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [pending, purchaseId]);

  // A failed read while polling (a network blip) is not the end: the next tick asks again, up to the limit.
  usePollWhile(pending && !timedOut, mutate, PURCHASE_POLL_MS);

  const completedId = data?.status === 'completed' ? data.id : null;
  const announced = useRef<string | null>(null);
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
  }, [onCompleted]);
  useEffect(() => {
    if (completedId === null || announced.current === completedId) return;
    announced.current = completedId;
    void mutateKey(purchasesKey());
    void mutateKey(ledgerKey());
    onCompletedRef.current();
  }, [completedId, mutateKey]);

  if (checkout === null) return { kind: 'none' };
  if (checkout.result === 'cancel') return { kind: 'canceled' };
  if (error && !data) return { kind: 'error', message: errorMessageFor(error, PURCHASE_LOAD_FAILED), retry: () => void mutate() };
  if (!data) return { kind: 'loading' };
  if (data.status === 'completed') return { kind: 'completed', purchase: data };
  if (data.status === 'pending') return timedOut ? { kind: 'slow' } : { kind: 'confirming' };
  return { kind: 'not-completed', purchase: data };
}
