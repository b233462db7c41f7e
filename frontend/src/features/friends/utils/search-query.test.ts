import { describe, expect, it } from 'vitest';

import { readSearchQuery } from '@/features/friends/utils/search-query';

describe('readSearchQuery', () => {
  it('asks nothing for an empty or blank box, or a lone @', () => {
    expect(readSearchQuery('')).toEqual({ kind: 'empty' });
    expect(readSearchQuery('   ')).toEqual({ kind: 'empty' });
    expect(readSearchQuery('@')).toEqual({ kind: 'empty' });
  });

  it('drops surrounding spaces and a leading @ (half or full width)', () => {
    expect(readSearchQuery('  hana ')).toEqual({ kind: 'ok', query: 'hana' });
    expect(readSearchQuery('@hana')).toEqual({ kind: 'ok', query: 'hana' });
    expect(readSearchQuery('＠はなこ')).toEqual({ kind: 'ok', query: 'はなこ' });
  });

  it('allows 30 characters and refuses 31, counting characters rather than UTF-16 units', () => {
    expect(readSearchQuery('a'.repeat(30))).toEqual({ kind: 'ok', query: 'a'.repeat(30) });
    expect(readSearchQuery('a'.repeat(31))).toEqual({ kind: 'too-long' });
    expect(readSearchQuery('𠮷'.repeat(30))).toEqual({ kind: 'ok', query: '𠮷'.repeat(30) });
  });
});
