/**
 * The dashboard's charts (GET /api/admin/analytics, issue 26) as they are drawn and read: the Japanese names
 * of the funnel's steps, the features, countries and cities, each step's rate against the one before, the
 * per-day values (a day not rolled up yet is a gap, not a 0), the pie charts' slices and the sentences that
 * describe a chart to a screen reader. Pure: the components only lay these out.
 */
import type { Analytics, AnalyticsCount, AnalyticsDay } from '@/features/admin/api/types';
import { formatCount } from '@/features/admin/utils/dashboard-figures';
import { formatShortCalendarDate } from '@/lib/dates';

/** What a chart, or the charts together, say when the period has nothing to show. */
export const NO_ANALYTICS = 'この期間のデータはまだありません';

/** A browser, OS, country or city the gateway could not tell (`unknown`). */
export const UNKNOWN_LABEL = '不明';

/** The slice that gathers every name after the largest ones of a pie. */
export const OTHER_LABEL = 'その他';

/** How many names a pie shows on their own before the rest go into その他. */
export const PIE_TOP = 6;

/** A rate that cannot be worked out (the step before had nobody). */
export const NO_RATE = '—';

/** The funnel's six steps, in the order the gateway always sends them, and what the dashboard calls them. */
export const FUNNEL_LABELS: Readonly<Record<string, string>> = {
  landing_calculation: 'ランディングで計算',
  sign_up: '新規登録',
  email_verified: 'メール認証',
  first_reading: '初めての鑑定',
  first_chat: '初めてのチャット',
  first_purchase: '初めての購入',
};

/** The counted features; a name not listed here (a newer event) is shown as the gateway sends it. */
export const FEATURE_LABELS: Readonly<Record<string, string>> = {
  sign_up: '新規登録',
  email_verified: 'メール認証',
  first_chart_ready: '命式の作成',
  daily_reading_viewed: '今日の運勢',
  rating: '評価',
  friend_request: '友達申請',
  diary_entry: '日記',
  chat_message: 'チャット',
  purchase: '購入',
  ticket_opened: 'お問い合わせ',
  page_view: 'ページ閲覧',
  landing_calculation: 'ランディングでの計算',
};

function labelOf(labels: Readonly<Record<string, string>>, name: string): string {
  return Object.hasOwn(labels, name) ? (labels[name] ?? name) : name;
}

export function funnelLabel(name: string): string {
  return labelOf(FUNNEL_LABELS, name);
}

export function featureLabel(name: string): string {
  return labelOf(FEATURE_LABELS, name);
}

/**
 * `part` as a whole percentage of `whole`: 504 of 1200 → 42%. Something, however little, is never written
 * 0% (1%未満), and nothing to compare with (0 before) is "—".
 */
export function formatRate(part: number, whole: number): string {
  if (whole <= 0) return NO_RATE;
  const percent = Math.round((part * 100) / whole);
  if (percent === 0 && part > 0) return '1%未満';
  return `${percent}%`;
}

export type FunnelStep = {
  name: string;
  label: string;
  count: number;
  /** The step's count against the step before it ("42%"); null for the first step. */
  rate: string | null;
};

/** The funnel as the dashboard shows it: each step named, with its rate against the step before. */
export function funnelSteps(funnel: readonly AnalyticsCount[]): FunnelStep[] {
  return funnel.map((step, i) => {
    const before = funnel[i - 1];
    return {
      name: step.name,
      label: funnelLabel(step.name),
      count: step.count,
      rate: before === undefined ? null : formatRate(step.count, before.count),
    };
  });
}

/** The figures a day carries, by name: what a per-day chart or the CSV reads. */
export type DayFigure = Exclude<keyof AnalyticsDay, 'date' | 'rolledUp'>;

/** The axis labels of the range's days: 11/29. */
export function dayLabels(days: readonly AnalyticsDay[]): string[] {
  return days.map((day) => formatShortCalendarDate(day.date));
}

/** One figure per day; a day not rolled up yet is null (a gap in the chart, not a fall to 0). */
export function dailyValues(days: readonly AnalyticsDay[], figure: DayFigure): (number | null)[] {
  return days.map((day) => (day.rolledUp ? day[figure] : null));
}

/** Whether any rolled-up day has the figure above 0 (else its chart shows the empty state). */
export function hasDailyValues(days: readonly AnalyticsDay[], ...figures: DayFigure[]): boolean {
  return days.some((day) => day.rolledUp && figures.some((figure) => day[figure] > 0));
}

/** The days of the range not rolled up yet. */
export function daysNotRolledUp(days: readonly AnalyticsDay[]): string[] {
  return days.filter((day) => !day.rolledUp).map((day) => day.date);
}

/** How many not-rolled-up days the note names before it says ほか. */
const NOTE_DAYS = 3;

/**
 * The note under the period when some of its days are not rolled up yet: 集計前の日が2日あります（11/28、11/29）.
 * Null when every day is.
 */
export function notRolledUpNote(days: readonly AnalyticsDay[]): string | null {
  const pending = daysNotRolledUp(days);
  if (pending.length === 0) return null;
  const named = pending.slice(0, NOTE_DAYS).map((day) => formatShortCalendarDate(day));
  const more = pending.length > NOTE_DAYS ? 'ほか' : '';
  return `集計前の日が${pending.length}日あります（${named.join('、')}${more}）。グラフでは空白になり、数値は0として数えています`;
}

/** Whether the period has anything to chart at all: a rolled-up day or a count in any breakdown. */
export function hasAnalytics(analytics: Analytics): boolean {
  const lists = [
    analytics.funnel,
    analytics.featureUsage,
    analytics.browsers,
    analytics.operatingSystems,
    analytics.countries,
    analytics.cities,
  ];
  return analytics.days.some((day) => day.rolledUp) || lists.some((list) => list.some((item) => item.count > 0));
}

/** A browser's or an OS's name as shown: `unknown` (or nothing) is 不明. */
export function nameLabel(name: string): string {
  return name === '' || name === 'unknown' ? UNKNOWN_LABEL : name;
}

/**
 * The largest `top` counts (largest first) and, when there are more, one その他 with the rest added up, each
 * named with `label`: a pie stays readable.
 */
export function topWithOther(
  counts: readonly AnalyticsCount[],
  label: (name: string) => string = nameLabel,
  top: number = PIE_TOP,
): { id: string; label: string; value: number }[] {
  const sorted = counts.filter((item) => item.count > 0).sort((a, b) => b.count - a.count);
  const shown = sorted.slice(0, top).map((item) => ({ id: item.name, label: label(item.name), value: item.count }));
  const rest = sorted.slice(top).reduce((sum, item) => sum + item.count, 0);
  return rest > 0 ? [...shown, { id: '__other', label: OTHER_LABEL, value: rest }] : shown;
}

const regionNames = new Intl.DisplayNames('ja', { type: 'region', fallback: 'code' });

/** A country by its ISO code in Japanese: JP → 日本, US → アメリカ合衆国; `unknown` → 不明, any other text as it came. */
export function countryName(code: string): string {
  if (code === '' || code === 'unknown') return UNKNOWN_LABEL;
  if (code.toUpperCase() === 'JP') return '日本';
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A city as the gateway sends it (`JP/東京`) in Japanese: 東京（日本）; `unknown` → 不明. */
export function cityLabel(value: string): string {
  const slash = value.indexOf('/');
  if (slash < 0) return nameLabel(value);
  const country = countryName(value.slice(0, slash));
  const city = nameLabel(value.slice(slash + 1));
  return `${city}（${country}）`;
}

/** A count with its unit: 1,234人. */
export function withUnit(value: number, unit: string): string {
  return `${formatCount(value)}${unit}`;
}

/**
 * What a per-day chart shows, in one sentence for a screen reader: each series' highest day among the
 * rolled-up ones. 日次 最大 120人（11/15）、週次 最大 …; or the empty state.
 */
export function dailySummary(
  days: readonly AnalyticsDay[],
  series: readonly { label: string; figure: DayFigure; unit: string }[],
): string {
  const rolled = days.filter((day) => day.rolledUp);
  if (rolled.length === 0) return NO_ANALYTICS;
  const range = `${formatShortCalendarDate(days[0]?.date ?? '')}〜${formatShortCalendarDate(days.at(-1)?.date ?? '')}`;
  const parts = series.map(({ label, figure, unit }) => {
    const peak = rolled.reduce((best, day) => (day[figure] > best[figure] ? day : best));
    const total = rolled.reduce((sum, day) => sum + day[figure], 0);
    return `${label} 合計${withUnit(total, unit)}、最大${withUnit(peak[figure], unit)}（${formatShortCalendarDate(peak.date)}）`;
  });
  return `${range}：${parts.join('。')}`;
}

/** A list of counts in one sentence for a screen reader: 新規登録 504人、メール認証 420人. */
export function countsSummary(items: readonly { label: string; value: number }[], unit: string): string {
  if (items.length === 0) return NO_ANALYTICS;
  return items.map((item) => `${item.label} ${withUnit(item.value, unit)}`).join('、');
}

/**
 * The warning over the charts when a service did not answer: its figures are 0 in the answer, not unknown,
 * so the note says which. (billing: the money and the credits.)
 */
export function unavailableNote(unavailable: readonly string[]): string | null {
  if (unavailable.length === 0) return null;
  const zeroed = unavailable.includes('billing') ? '売上・購入・クレジットの数値は0と表示されています' : '該当する数値は0と表示されています';
  return `一部のサービスが応答しなかったため、取得できない数値があります（${unavailable.join('・')}）。${zeroed}`;
}

/** A period's total per rolled-up day, rounded: 1日平均 for the figure cards; null before any day is rolled up. */
export function dailyAverage(total: number, days: readonly AnalyticsDay[]): number | null {
  const rolled = days.filter((day) => day.rolledUp).length;
  return rolled === 0 ? null : Math.round(total / rolled);
}
