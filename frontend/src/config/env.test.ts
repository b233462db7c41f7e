import { describe, expect, it } from 'vitest';

import { parseOperatorUrl } from '@/config/env';

describe('parseOperatorUrl', () => {
  it('keeps an empty setting empty', () => {
    expect(parseOperatorUrl(undefined)).toBe('');
    expect(parseOperatorUrl('  ')).toBe('');
  });

  it('accepts an absolute http(s) URL', () => {
    expect(parseOperatorUrl(' https://operator.example ')).toBe('https://operator.example/');
  });

  it.each(['operator.example', 'javascript:alert(1)', 'ftp://operator.example'])('refuses %s', (raw) => {
    expect(() => parseOperatorUrl(raw)).toThrow(/MEGURI_OPERATOR_URL/);
  });
});
