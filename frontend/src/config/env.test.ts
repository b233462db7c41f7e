import { describe, expect, it } from 'vitest';

import { DEFAULT_OPERATOR, parseOperatorName, parseOperatorUrl } from '@/config/env';

describe('the operator (config/env.ts)', () => {
  it('defaults to a Japanese company with a site on the product domain, so every build has one', () => {
    expect(DEFAULT_OPERATOR).toEqual({ name: '株式会社メグリ', url: 'https://meguri.app/company' });
    expect(parseOperatorName(undefined)).toBe('株式会社メグリ');
    expect(parseOperatorName('  ')).toBe('株式会社メグリ');
    expect(parseOperatorUrl(undefined)).toBe('https://meguri.app/company');
    expect(parseOperatorUrl('  ')).toBe('https://meguri.app/company');
  });

  it('takes a configured name and an absolute http(s) URL instead', () => {
    expect(parseOperatorName(' 株式会社サンプル運営 ')).toBe('株式会社サンプル運営');
    expect(parseOperatorUrl(' https://operator.example ')).toBe('https://operator.example/');
  });

  it.each(['operator.example', 'javascript:alert(1)', 'ftp://operator.example'])('refuses the URL %s', (raw) => {
    expect(() => parseOperatorUrl(raw)).toThrow(/MEGURI_OPERATOR_URL/);
  });
});
