import { describe, expect, it } from 'vitest';

import { pagePath, trimmedReferrer } from '@/features/analytics/utils/page-path';

describe('pagePath', () => {
  it('is the pathname', () => {
    expect(pagePath('/')).toBe('/');
    expect(pagePath('/friends/0193d1a2-7c1e-7000-a000-000000000001')).toBe('/friends/0193d1a2-7c1e-7000-a000-000000000001');
  });

  it("records a mailed reply link by its pattern, never with the link's token", () => {
    expect(pagePath('/support/reply/q3Xb9mK2vT7wLp0sZr4NcYh8JdGf1EaUo6iWkVx5BnM')).toBe('/support/reply/:token');
  });

  it('keeps to the 200 characters the gateway takes', () => {
    expect(pagePath(`/${'a'.repeat(300)}`)).toHaveLength(200);
  });
});

describe('trimmedReferrer', () => {
  const own = 'https://meguri.app';

  it('keeps the origin and the path, never the query string or the hash', () => {
    expect(trimmedReferrer('https://search.example/results?q=%E5%8D%A0%E3%81%84#top', own)).toBe(
      'https://search.example/results',
    );
  });

  it('is empty without a referrer or for one that is not a web page', () => {
    expect(trimmedReferrer('', own)).toBe('');
    expect(trimmedReferrer('android-app://com.example', own)).toBe('');
    expect(trimmedReferrer('not a url', own)).toBe('');
  });

  it("records a page of this app as its page views do (a reply link's token left out)", () => {
    expect(trimmedReferrer('https://meguri.app/support/reply/abcdefghijklmnop?x=1', own)).toBe(
      'https://meguri.app/support/reply/:token',
    );
  });

  it('keeps to the 2000 characters the gateway takes', () => {
    expect(trimmedReferrer(`https://example.com/${'a'.repeat(3000)}`, own)).toHaveLength(2000);
  });
});
