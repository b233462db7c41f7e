import { describe, expect, it } from 'vitest';

import { isChartBuilding, isChartFailed } from '@/features/home/utils/chart-status';
import { fortuneLines } from '@/features/home/utils/fortune-lines';

describe('fortuneLines', () => {
  it("splits at '|' into two lines", () => {
    expect(fortuneLines('流れに乗る日。|小さな一歩が大きな縁に。')).toEqual(['流れに乗る日。', '小さな一歩が大きな縁に。']);
  });

  it("keeps a text without '|' as one line and drops empty parts", () => {
    expect(fortuneLines('ひと息つく日。')).toEqual(['ひと息つく日。']);
    expect(fortuneLines(' 前 | | 後 ')).toEqual(['前', '後']);
    expect(fortuneLines(' | ')).toEqual([]);
  });
});

describe('chart status', () => {
  it('is still building while pending or generating, and only then', () => {
    expect(isChartBuilding('pending')).toBe(true);
    expect(isChartBuilding('generating')).toBe(true);
    expect(isChartBuilding('ready')).toBe(false);
    expect(isChartBuilding('failed')).toBe(false);
    expect(isChartFailed('failed')).toBe(true);
    expect(isChartFailed('ready')).toBe(false);
  });
});
