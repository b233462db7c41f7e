import { describe, expect, it } from 'vitest';

import type { AnalyticsDay } from '@/features/admin/api/types';
import {
  cityLabel,
  countryName,
  countsSummary,
  dailyAverage,
  dailySummary,
  dailyValues,
  dayLabels,
  featureLabel,
  formatRate,
  funnelLabel,
  funnelSteps,
  hasDailyValues,
  nameLabel,
  NO_ANALYTICS,
  notRolledUpNote,
  topWithOther,
  unavailableNote,
} from '@/features/admin/utils/analytics-figures';
import { analyticsDay } from '@/testing/mocks/admin-ops';

function day(date: string, rolledUp: boolean, activeUsers = 0): AnalyticsDay {
  return analyticsDay({ date, rolledUp, activeUsers });
}

describe("the charts' figures", () => {
  it('names the six funnel steps and the features in Japanese, unknown names as they come', () => {
    expect(
      ['landing_calculation', 'sign_up', 'email_verified', 'first_reading', 'first_chat', 'first_purchase'].map(funnelLabel),
    ).toEqual(['ランディングで計算', '新規登録', 'メール認証', '初めての鑑定', '初めてのチャット', '初めての購入']);
    expect(featureLabel('first_chart_ready')).toBe('命式の作成');
    expect(featureLabel('daily_reading_viewed')).toBe('今日の運勢');
    expect(featureLabel('ticket_opened')).toBe('お問い合わせ');
    expect(featureLabel('landing_calculation')).toBe('ランディングでの計算');
    expect(featureLabel('share_image')).toBe('share_image');
    expect(featureLabel('toString')).toBe('toString');
  });

  it('writes a rate as a whole percentage, never 0% for something, and a dash with nothing before', () => {
    expect(formatRate(504, 1200)).toBe('42%');
    expect(formatRate(1, 3)).toBe('33%');
    expect(formatRate(2, 3)).toBe('67%');
    expect(formatRate(5, 5)).toBe('100%');
    expect(formatRate(0, 5)).toBe('0%');
    expect(formatRate(1, 1000)).toBe('1%未満');
    expect(formatRate(0, 0)).toBe('—');
    expect(formatRate(3, 0)).toBe('—');
  });

  it('gives each funnel step its rate against the step before, handling empty steps', () => {
    const steps = funnelSteps([
      { name: 'landing_calculation', count: 1200 },
      { name: 'sign_up', count: 504 },
      { name: 'email_verified', count: 0 },
      { name: 'first_reading', count: 0 },
      { name: 'first_chat', count: 0 },
      { name: 'first_purchase', count: 0 },
    ]);
    expect(steps.map(({ label, count, rate }) => [label, count, rate])).toEqual([
      ['ランディングで計算', 1200, null],
      ['新規登録', 504, '42%'],
      ['メール認証', 0, '0%'],
      ['初めての鑑定', 0, '—'],
      ['初めてのチャット', 0, '—'],
      ['初めての購入', 0, '—'],
    ]);
  });

  it('labels days as 11/29 and leaves a gap for a day not rolled up yet', () => {
    const days = [day('2026-11-28', true, 40), day('2026-11-29', false), day('2026-12-01', true, 0)];
    expect(dayLabels(days)).toEqual(['11/28', '11/29', '12/1']);
    expect(dailyValues(days, 'activeUsers')).toEqual([40, null, 0]);
    expect(hasDailyValues(days, 'activeUsers')).toBe(true);
    expect(hasDailyValues(days, 'newUsers', 'visits')).toBe(false);
    expect(hasDailyValues([day('2026-11-29', false, 5)], 'activeUsers')).toBe(false);
  });

  it('notes the days not rolled up yet, naming the first three', () => {
    expect(notRolledUpNote([day('2026-11-28', true)])).toBeNull();
    expect(notRolledUpNote([day('2026-11-28', true), day('2026-11-29', false)])).toMatch(/^集計前の日が1日あります（11\/29）。/);
    const pending = ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'].map((date) => day(date, false));
    expect(notRolledUpNote(pending)).toMatch(/^集計前の日が4日あります（11\/26、11\/27、11\/28ほか）。/);
  });

  it('keeps the six largest slices of a pie and adds up the rest as その他', () => {
    const counts = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((name, i) => ({ name, count: 80 - i * 10 }));
    const slices = topWithOther([...counts].reverse());
    expect(slices.map(({ label, value }) => [label, value])).toEqual([
      ['A', 80],
      ['B', 70],
      ['C', 60],
      ['D', 50],
      ['E', 40],
      ['F', 30],
      ['その他', 30],
    ]);
    expect(topWithOther([{ name: 'unknown', count: 3 }, { name: 'Safari', count: 0 }])).toEqual([
      { id: 'unknown', label: '不明', value: 3 },
    ]);
    expect(nameLabel('')).toBe('不明');
  });

  it('names countries and cities in Japanese', () => {
    expect(countryName('JP')).toBe('日本');
    expect(countryName('jp')).toBe('日本');
    expect(countryName('unknown')).toBe('不明');
    expect(countryName('US')).toBe('アメリカ合衆国');
    expect(countryName('KR')).toBe('韓国');
    expect(countryName('XYZ')).toBe('XYZ');
    expect(cityLabel('JP/東京')).toBe('東京（日本）');
    expect(cityLabel('US/Seattle')).toBe('Seattle（アメリカ合衆国）');
    expect(cityLabel('JP/unknown')).toBe('不明（日本）');
    expect(cityLabel('unknown')).toBe('不明');
  });

  it('sums a chart up in words for a screen reader', () => {
    const days = [day('2026-11-27', true, 30), day('2026-11-28', true, 45), day('2026-11-29', false)];
    expect(dailySummary(days, [{ label: '日次', figure: 'activeUsers', unit: '人' }])).toBe(
      '11/27〜11/29：日次 合計75人、最大45人（11/28）',
    );
    expect(dailySummary([day('2026-11-29', false)], [{ label: '日次', figure: 'activeUsers', unit: '人' }])).toBe(NO_ANALYTICS);
    expect(countsSummary([{ label: '新規登録', value: 1234 }, { label: 'メール認証', value: 5 }], '人')).toBe(
      '新規登録 1,234人、メール認証 5人',
    );
    expect(countsSummary([], '人')).toBe(NO_ANALYTICS);
  });

  it('warns about a service that did not answer, and averages over rolled-up days only', () => {
    expect(unavailableNote([])).toBeNull();
    expect(unavailableNote(['billing'])).toBe(
      '一部のサービスが応答しなかったため、取得できない数値があります（billing）。売上・購入・クレジットの数値は0と表示されています',
    );
    expect(unavailableNote(['analytics'])).toMatch(/（analytics）。該当する数値は0と表示されています$/);
    expect(dailyAverage(300, [day('2026-11-28', true), day('2026-11-29', true), day('2026-11-30', false)])).toBe(150);
    expect(dailyAverage(0, [day('2026-11-30', false)])).toBeNull();
  });
});
