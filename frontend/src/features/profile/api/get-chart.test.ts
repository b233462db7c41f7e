import { describe, expect, it } from 'vitest';

import { getChart, readChart } from '@/features/profile/api/get-chart';
import { apiError } from '@/testing/mocks/accounts';
import { mockReadings, sampleChart } from '@/testing/mocks/readings';

describe('readChart', () => {
  const { analysis, time, ...rest } = sampleChart;

  it('reads the analysis and the time correction next to the pillars', () => {
    const chart = readChart(sampleChart);
    expect(chart.analysis?.dayMaster).toBe('庚');
    expect(chart.analysis?.kongWang).toEqual(['申', '酉']);
    expect(chart.time?.correctedLocalTime).toBe('1990-05-15 14:59:07');
    expect(chart.time).toEqual(time);
    expect(chart.analysis).toEqual(analysis);
    expect(chart.builtAt).toBe('2026-11-21T09:00:05Z');
  });

  it('keeps the pillars and elements when there is no analysis', () => {
    const chart = readChart(rest);
    expect(chart.analysis).toBeNull();
    expect(chart.time).toBeNull();
    expect(chart.baziChart.day).toEqual({ heavenlyStem: '庚', earthlyBranch: '辰', stemElement: 'metal', branchElement: 'earth' });
  });

  it('refuses an answer without the four pillars and five elements', () => {
    expect(() => readChart({ status: 'ready' })).toThrow(/baziChart and elements/);
  });
});

describe('getChart', () => {
  it('is null while the server says CHART_NOT_READY and throws on other errors', async () => {
    mockReadings({
      chart: [
        () => apiError(409, 'CHART_NOT_READY', '命式を準備しています。しばらくしてからもう一度お試しください'),
        () => apiError(409, 'SOMETHING_ELSE', '別の理由'),
      ],
    });
    await expect(getChart()).resolves.toBeNull();
    await expect(getChart()).rejects.toMatchObject({ status: 409, code: 'SOMETHING_ELSE' });
  });
});
