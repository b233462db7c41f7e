import { describe, expect, it } from 'vitest';

import { adminApiPaths } from '@/config/admin-paths';
import {
  auditFiltersFromSearch,
  auditFiltersToSearch,
  auditQuery,
  isFiltered,
  isIsoDay,
  isPeriodReversed,
  NO_AUDIT_FILTERS,
} from '@/features/admin/utils/audit-filters';

const STAFF = '0193d2b0-5a1e-7000-a000-000000000001';
const TICKET = '0193d2b0-5a1e-7000-b000-000000000007';

describe("the audit log's filters", () => {
  it('are read from the URL', () => {
    const params = new URLSearchParams(
      `actor=${STAFF}&action=credits.adjust&targetType=ticket&targetId=${TICKET.toUpperCase()}&from=2026-11-01&to=2026-11-29`,
    );
    expect(auditFiltersFromSearch(params)).toEqual({
      actor: STAFF,
      action: 'credits.adjust',
      targetType: 'ticket',
      targetId: TICKET,
      from: '2026-11-01',
      to: '2026-11-29',
    });
  });

  it('drop from the URL what the gateway would refuse', () => {
    const params = new URLSearchParams('actor=me&action=staff.delete&targetType=order&targetId=123&from=2026-02-30&to=29.11.2026');
    expect(auditFiltersFromSearch(params)).toEqual(NO_AUDIT_FILTERS);
    expect(isFiltered(auditFiltersFromSearch(params))).toBe(false);
  });

  it('are written back to the URL without the unset ones, in the API order', () => {
    const filters = { ...NO_AUDIT_FILTERS, to: '2026-11-29', action: 'ticket.status' as const, actor: STAFF };
    expect(auditFiltersToSearch(filters).toString()).toBe(`actor=${STAFF}&action=ticket.status&to=2026-11-29`);
    expect(isFiltered(filters)).toBe(true);
  });

  it('become the query of GET /api/admin/audit with the cursor and the page size', () => {
    const filters = { ...NO_AUDIT_FILTERS, targetId: TICKET, from: '2026-11-01' };
    expect(adminApiPaths.audit(auditQuery(filters, 'eyJvIjoyNX0', 50))).toBe(
      `/api/admin/audit?targetId=${TICKET}&from=2026-11-01&cursor=eyJvIjoyNX0&limit=50`,
    );
    expect(adminApiPaths.audit(auditQuery(NO_AUDIT_FILTERS, null, 25))).toBe('/api/admin/audit?limit=25');
  });

  it('know a real day written YYYY-MM-DD', () => {
    expect(isIsoDay('2026-11-29')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('2026-1-1')).toBe(false);
    expect(isIsoDay('')).toBe(false);
    expect(isIsoDay(null)).toBe(false);
  });

  it('notice a period that runs backwards', () => {
    expect(isPeriodReversed({ ...NO_AUDIT_FILTERS, from: '2026-11-29', to: '2026-11-01' })).toBe(true);
    expect(isPeriodReversed({ ...NO_AUDIT_FILTERS, from: '2026-11-29', to: '2026-11-29' })).toBe(false);
    expect(isPeriodReversed({ ...NO_AUDIT_FILTERS, from: '2026-11-29' })).toBe(false);
  });
});
