import { describe, expect, it } from 'vitest';

import { returnPath } from '@/lib/return-path';

describe('where login returns to (?next=)', () => {
  it('takes a path of this app, with its query and anchor', () => {
    expect(returnPath('/settings#support')).toBe('/settings#support');
    expect(returnPath('/diary/1?x=1')).toBe('/diary/1?x=1');
  });

  it('refuses anything that would leave the app, and nothing at all', () => {
    for (const raw of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'settings', '']) {
      expect(returnPath(raw)).toBeNull();
    }
    expect(returnPath(null)).toBeNull();
  });
});
