import { describe, expect, it } from 'vitest';

import { adminApiPaths } from '@/config/admin-paths';
import {
  clipSearch,
  listSearchFrom,
  searchFromParams,
  searchToParams,
  userListQuery,
} from '@/features/admin/utils/user-search';

describe('the member search', () => {
  it('is read from the URL trimmed, and an absent or blank one is no search', () => {
    expect(searchFromParams(new URLSearchParams('q=%20mio%20'))).toBe('mio');
    expect(searchFromParams(new URLSearchParams('q=%20%20'))).toBe('');
    expect(searchFromParams(new URLSearchParams(''))).toBe('');
  });

  it('is cut to the 100 characters the gateway takes, counting characters rather than UTF-16 units', () => {
    const long = '星'.repeat(120);
    expect(searchFromParams(new URLSearchParams({ q: long }))).toBe('星'.repeat(100));
    expect([...clipSearch('𠮷'.repeat(101))]).toHaveLength(100);
  });

  it('is written back to the URL only when there is one', () => {
    expect(searchToParams(' hoshino ').toString()).toBe('q=hoshino');
    expect(searchToParams('   ').toString()).toBe('');
  });

  it('becomes the query of GET /api/admin/users, encoded, with the cursor and the page size', () => {
    expect(adminApiPaths.users(userListQuery(' mio@example.jp ', 'eyJvIjoyNX0', 25))).toBe(
      '/api/admin/users?q=mio%40example.jp&cursor=eyJvIjoyNX0&limit=25',
    );
    expect(adminApiPaths.users(userListQuery('', null, 50))).toBe('/api/admin/users?limit=50');
  });
});

describe('the way back from a user page', () => {
  it("returns to the list's search it was opened from", () => {
    expect(listSearchFrom({ listSearch: '?q=mio' })).toBe('?q=mio');
  });

  it('is the bare list for a page opened any other way, or with anything but a query string', () => {
    expect(listSearchFrom(null)).toBe('');
    expect(listSearchFrom({ listSearch: 42 })).toBe('');
    expect(listSearchFrom({ listSearch: '//evil.example' })).toBe('');
    expect(listSearchFrom('?q=mio')).toBe('');
  });
});
