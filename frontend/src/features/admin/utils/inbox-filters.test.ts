import { describe, expect, it } from 'vitest';

import { adminApiPaths } from '@/config/admin-paths';
import { filtersFromSearch, filtersToSearch, ticketListQuery } from '@/features/admin/utils/inbox-filters';

describe("the inbox's filters", () => {
  it('are read from the URL, dropping values the gateway would refuse', () => {
    expect(filtersFromSearch(new URLSearchParams('status=in_progress&priority=urgent&assignee=me&q=ログイン'))).toEqual({
      status: 'in_progress',
      priority: 'urgent',
      assignee: 'me',
      q: 'ログイン',
    });
    expect(filtersFromSearch(new URLSearchParams('status=pending&priority=critical&assignee=%20'))).toEqual({
      status: null,
      priority: null,
      assignee: null,
      q: '',
    });
  });

  it('are written back to the URL without the unset ones', () => {
    const filters = { status: null, priority: 'high' as const, assignee: 'none', q: '' };
    expect(filtersToSearch(filters).toString()).toBe('priority=high&assignee=none');
  });

  it('become the query of GET /api/admin/tickets in a fixed order, the text trimmed and encoded', () => {
    const filters = { status: 'open' as const, priority: 'low' as const, assignee: 'me', q: '  返金 & 領収書 ' };
    expect(adminApiPaths.tickets(ticketListQuery(filters, 'eyJvIjoyNX0', 50))).toBe(
      '/api/admin/tickets?status=open&priority=low&assignee=me&q=%E8%BF%94%E9%87%91+%26+%E9%A0%98%E5%8F%8E%E6%9B%B8&cursor=eyJvIjoyNX0&limit=50',
    );
    expect(adminApiPaths.tickets(ticketListQuery({ status: null, priority: null, assignee: null, q: ' ' }, null, 25))).toBe(
      '/api/admin/tickets?limit=25',
    );
  });
});
