import { describe, expect, it } from 'vitest';

import { checkContent, contentLength, normalizeContent } from '@/features/diary/utils/content';

describe('diary content', () => {
  it('trims white space (as Rust does) and composes to NFC', () => {
    expect(normalizeContent('  今日は晴れ \n')).toBe('今日は晴れ');
    expect(normalizeContent('\u3000全角の空白\u3000')).toBe('全角の空白');
    expect(normalizeContent('か\u3099')).toBe('が');
  });

  it('counts Unicode scalar values, not UTF-16 units', () => {
    expect(contentLength('𠮷野家')).toBe(3);
    expect(contentLength('か\u3099')).toBe(1);
  });

  it('needs 1 to 1000 characters once trimmed', () => {
    expect(checkContent('   ')).toBe('empty');
    expect(checkContent('あ')).toBe('ok');
    expect(checkContent('あ'.repeat(1000))).toBe('ok');
    expect(checkContent(` ${'あ'.repeat(1000)} `)).toBe('ok');
    expect(checkContent('あ'.repeat(1001))).toBe('too-long');
  });
});
