import { describe, expect, it } from 'vitest';

import { formatCreditDelta, formatPricePerCredit, formatYen } from '@/features/shop/utils/money';

describe('formatYen', () => {
  it('writes whole yen with the yen sign and thousands separators, no decimals', () => {
    expect(formatYen(480)).toBe('￥480');
    expect(formatYen(1200)).toBe('￥1,200');
    expect(formatYen(60000)).toBe('￥60,000');
    expect(formatYen(0)).toBe('￥0');
  });
});

describe('formatPricePerCredit', () => {
  it("gives each seeded pack's price of one credit", () => {
    expect(formatPricePerCredit(480, 10)).toBe('￥48');
    expect(formatPricePerCredit(1200, 30)).toBe('￥40');
    expect(formatPricePerCredit(2800, 80)).toBe('￥35');
    expect(formatPricePerCredit(6000, 200)).toBe('￥30');
  });

  it('shows a fraction to one decimal place, cut rather than rounded up', () => {
    expect(formatPricePerCredit(300, 8)).toBe('￥37.5');
    expect(formatPricePerCredit(1000, 3)).toBe('￥333.3');
    expect(formatPricePerCredit(200, 3)).toBe('￥66.6');
  });

  it('falls back to the price for a pack without credits rather than dividing by zero', () => {
    expect(formatPricePerCredit(480, 0)).toBe('￥480');
  });
});

describe('formatCreditDelta', () => {
  it('signs grants and spends', () => {
    expect(formatCreditDelta(30)).toBe('+30');
    expect(formatCreditDelta(-1)).toBe('−1');
    expect(formatCreditDelta(0)).toBe('0');
  });
});
