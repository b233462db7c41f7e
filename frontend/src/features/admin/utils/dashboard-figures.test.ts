import { describe, expect, it } from 'vitest';

import { formatCount, formatShare, formatYen, NO_SHARE } from '@/features/admin/utils/dashboard-figures';

describe("the dashboard's figures", () => {
  it('write a share to one decimal, rounding half up', () => {
    expect(formatShare(2, 3)).toBe('66.7%');
    expect(formatShare(1, 3)).toBe('33.3%');
    expect(formatShare(1, 16)).toBe('6.3%');
    expect(formatShare(1, 8)).toBe('12.5%');
    expect(formatShare(1234, 1500)).toBe('82.3%');
    expect(formatShare(999, 1000)).toBe('99.9%');
    expect(formatShare(9999, 10000)).toBe('100.0%');
    expect(formatShare(5, 5)).toBe('100.0%');
    expect(formatShare(0, 7)).toBe('0.0%');
    expect(formatShare(1, 2001)).toBe('0.0%');
  });

  it('show a dash for a share of nothing', () => {
    expect(formatShare(0, 0)).toBe(NO_SHARE);
    expect(NO_SHARE).toBe('—');
  });

  it('write counts and yen with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatYen(0)).toBe('￥0');
    expect(formatYen(1_234_500)).toBe('￥1,234,500');
  });
});
