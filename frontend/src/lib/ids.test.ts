import { describe, expect, it } from 'vitest';

import { isUuid } from '@/lib/ids';

describe('isUuid', () => {
  it('takes the 8-4-4-4-12 hex form in any case', () => {
    expect(isUuid('0193d1a2-7c1e-7000-8000-00000000000a')).toBe(true);
    expect(isUuid('0193D1A2-7C1E-7000-8000-00000000000A')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isUuid('')).toBe(false);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid('0193d1a27c1e700080000000000000000a')).toBe(false);
    expect(isUuid(' 0193d1a2-7c1e-7000-8000-00000000000a')).toBe(false);
    expect(isUuid('0193d1a2-7c1e-7000-8000-00000000000g')).toBe(false);
  });
});
