import { describe, expect, it } from 'vitest';

import { circleSizeFor } from '@/features/bazi-chart/components/element-circles';

describe('element circle size', () => {
  it.each([
    [7, 'xl'],
    [5, 'xl'],
    [4.5, 'lg'],
    [4, 'lg'],
    [3, 'md'],
    [2.9, 'sm'],
    [0, 'sm'],
  ] as const)('draws %s as %s', (value, size) => {
    expect(circleSizeFor(value)).toBe(size);
  });
});
