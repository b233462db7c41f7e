import { describe, expect, it } from 'vitest';

import type { AnalyticsDay } from '@/features/admin/api/types';
import {
  analyticsCsv,
  analyticsCsvFileName,
  ANALYTICS_CSV_HEADERS,
  BOM,
  csvField,
} from '@/features/admin/utils/analytics-csv';
import { analyticsDay } from '@/testing/mocks/admin-ops';

/** A rolled-up day with non-zero figures, each written differently in the CSV. */
function day(fields: Partial<AnalyticsDay> & Pick<AnalyticsDay, 'date'>): AnalyticsDay {
  return analyticsDay({
    newUsers: 12,
    activeUsers: 340,
    weeklyActiveUsers: 1_020,
    monthlyActiveUsers: 2_480,
    visits: 1_234,
    pageViews: 5_678,
    revenueYen: 1_234_500,
    purchases: 7,
    creditsSold: 300,
    creditsSpent: 125,
    ...fields,
  });
}

describe("the charts' CSV", () => {
  it('starts with a BOM and the Japanese headers, and ends every line with CRLF', () => {
    const csv = analyticsCsv([]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toBe(
      `${BOM}日付,集計済み,新規登録,アクティブユーザー,週間アクティブ,月間アクティブ,訪問数,ページビュー,売上（円）,購入数,付与クレジット,消費クレジット\r\n`,
    );
    expect(ANALYTICS_CSV_HEADERS).toHaveLength(12);
    // The BOM is the three bytes EF BB BF once encoded.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes one row per day, in order, with plain integers and the rolled-up flag in Japanese', () => {
    const csv = analyticsCsv([day({ date: '2026-11-28' }), analyticsDay({ date: '2026-11-29', rolledUp: false })]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      ANALYTICS_CSV_HEADERS.join(','),
      '2026-11-28,はい,12,340,1020,2480,1234,5678,1234500,7,300,125',
      '2026-11-29,いいえ,0,0,0,0,0,0,0,0,0,0',
      '',
    ]);
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('2026-11-29')).toBe('2026-11-29');
    expect(csvField(1234500)).toBe('1234500');
    expect(csvField('売上（円）')).toBe('売上（円）');
    expect(csvField('1,234')).toBe('"1,234"');
    expect(csvField('彼は"吉"と言った')).toBe('"彼は""吉""と言った"');
    expect(csvField('一行目\n二行目')).toBe('"一行目\n二行目"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('names the file after the period', () => {
    expect(analyticsCsvFileName({ from: '2026-10-31', to: '2026-11-29' })).toBe('meguri-analytics-2026-10-31-2026-11-29.csv');
  });
});
