import { describe, expect, it } from 'vitest';

import { checkoutTarget, parseCheckoutReturn } from '@/features/shop/utils/checkout';

const ORIGIN = 'https://meguri.example';
const ID = '0193d1a2-7c1e-7000-8000-0000000000f1';

describe('checkoutTarget', () => {
  it("leaves the app for Stripe's page", () => {
    expect(checkoutTarget('https://checkout.stripe.com/c/pay/cs_test_a1b2#fragment', ORIGIN)).toEqual({
      kind: 'external',
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1b2#fragment',
    });
  });

  it('stays in the app for the development checkout on its own origin', () => {
    expect(checkoutTarget(`${ORIGIN}/shop/dev-checkout/${ID}`, ORIGIN)).toEqual({
      kind: 'in-app',
      path: `/shop/dev-checkout/${ID}`,
    });
  });

  it('stays in the app for a bare path, but not for a protocol-relative URL', () => {
    expect(checkoutTarget(`/shop/dev-checkout/${ID}?x=1`, ORIGIN)).toEqual({ kind: 'in-app', path: `/shop/dev-checkout/${ID}?x=1` });
    expect(checkoutTarget('//evil.example/pay', ORIGIN).kind).toBe('external');
  });

  it('treats another port or scheme of the same host as another site', () => {
    expect(checkoutTarget(`http://meguri.example/shop/dev-checkout/${ID}`, ORIGIN).kind).toBe('external');
    expect(checkoutTarget(`https://meguri.example:8443/shop/dev-checkout/${ID}`, ORIGIN).kind).toBe('external');
  });
});

describe('parseCheckoutReturn', () => {
  const parse = (query: string) => parseCheckoutReturn(new URLSearchParams(query));

  it('reads the success and cancel returns', () => {
    expect(parse(`purchase=${ID}&result=success`)).toEqual({ purchaseId: ID, result: 'success' });
    expect(parse(`?purchase=${ID}&result=cancel`)).toEqual({ purchaseId: ID, result: 'cancel' });
  });

  it('ignores a missing or malformed purchase id and an unknown result', () => {
    expect(parse('')).toBeNull();
    expect(parse('result=success')).toBeNull();
    expect(parse('purchase=../api/account&result=success')).toBeNull();
    expect(parse(`purchase=${ID}&result=paid`)).toBeNull();
    expect(parse(`purchase=${ID}`)).toBeNull();
  });
});
