import { describe, expect, it } from 'vitest';

import { adminReturnPath } from '@/features/admin/utils/return-path';

describe('where the admin login returns to', () => {
  it('is a page of the admin build, with its query', () => {
    expect(adminReturnPath('/admin/tickets?status=open&assignee=me')).toBe('/admin/tickets?status=open&assignee=me');
    expect(adminReturnPath('/admin')).toBe('/admin');
  });

  it.each([null, '', 'admin/tickets', '//evil.example/admin', '/\\evil.example', 'https://evil.example/admin', 'javascript:alert(1)', '/settings', '/administrator', '/admin/login', '/admin/login?next=%2Fadmin'])(
    'is nothing for %s',
    (raw) => {
      expect(adminReturnPath(raw)).toBeNull();
    },
  );
});
