/**
 * Pure rules of the way through checkout: where the checkout URL leads, and what the shop's URL says about
 * a checkout the buyer has come back from.
 */
import { isUuid } from '@/lib/ids';

/** Where to send the buyer for a checkout URL: another site (Stripe) by a full page load, the app's own page by the router. */
export type CheckoutTarget = { kind: 'external'; url: string } | { kind: 'in-app'; path: string };

/**
 * A checkout URL on the app's own origin (the development checkout, which billing writes as an absolute URL
 * on the public app address) or a bare path stays in the app; anything else, such as Stripe's
 * https://checkout.stripe.com/…, is another site. An unparsable URL is handed to the browser as it is.
 */
export function checkoutTarget(checkoutUrl: string, appOrigin: string): CheckoutTarget {
  if (checkoutUrl.startsWith('/') && !checkoutUrl.startsWith('//')) return { kind: 'in-app', path: checkoutUrl };
  let url: URL;
  try {
    url = new URL(checkoutUrl);
  } catch {
    return { kind: 'external', url: checkoutUrl };
  }
  if (url.origin === appOrigin) return { kind: 'in-app', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', url: url.href };
}

/** How a checkout ended, as the success and cancel URLs say it: `/shop?purchase=<id>&result=success|cancel`. */
export type CheckoutReturn = { purchaseId: string; result: 'success' | 'cancel' };

/** The checkout the shop's query string reports, or null when it reports none (or something malformed). */
export function parseCheckoutReturn(search: URLSearchParams): CheckoutReturn | null {
  const purchaseId = search.get('purchase');
  const result = search.get('result');
  if (purchaseId === null || !isUuid(purchaseId)) return null;
  if (result !== 'success' && result !== 'cancel') return null;
  return { purchaseId, result };
}
