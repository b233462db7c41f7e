/**
 * What the per-day charts (active users, new users, revenue) share beyond chart-style.ts: the days along the
 * x axis, a series of one figure per day (bars or lines) and the props a LineChart or BarChart of them takes.
 */
import type { BarSeries } from '@mui/x-charts/BarChart';
import type { LineSeries } from '@mui/x-charts/LineChart';
import type { XAxis } from '@mui/x-charts/models';

import type { AnalyticsDay } from '@/features/admin/api/types';
import {
  CHART_HEIGHT,
  CHART_LOCALE,
  MARKS_UP_TO_DAYS,
  perDay,
  X_AXIS_HEIGHT,
} from '@/features/admin/components/analytics/chart-style';
import { dailySummary, dailyValues, dayLabels, type DayFigure } from '@/features/admin/utils/analytics-figures';

/** A point per day for lines, a band per day for bars. */
export type DayScale = 'point' | 'band';

/** One series of a per-day chart: its name, the figure it draws, what that figure counts (人, 円) and its colour. */
export type DaySeries = { label: string; figure: DayFigure; unit: string; color: string };

/** The x axis of a per-day chart: the days as 11/29, under the title 日付. */
export function dayAxis(days: readonly AnalyticsDay[], scaleType: DayScale): XAxis<DayScale> {
  return { scaleType, data: dayLabels(days), label: '日付', height: X_AXIS_HEIGHT };
}

/** One figure per day as bars, a day not rolled up yet left empty; its tooltip says 1,234人 or 集計前. */
export function dailyBarSeries(days: readonly AnalyticsDay[], { label, figure, unit, color }: DaySeries): BarSeries {
  return { label, data: dailyValues(days, figure), color, valueFormatter: perDay(unit) };
}

/**
 * One figure per day as a straight line, with a gap where a day is not rolled up yet and marks on its points
 * while the days are few; its tooltip says 1,234人 or 集計前.
 */
export function dailyLineSeries(days: readonly AnalyticsDay[], { label, figure, unit, color }: DaySeries): LineSeries {
  return {
    label,
    data: dailyValues(days, figure),
    color,
    valueFormatter: perDay(unit),
    showMark: days.length <= MARKS_UP_TO_DAYS,
    curve: 'linear',
  };
}

/**
 * The props every per-day LineChart or BarChart takes alike: its height, MUI X Charts' words in Japanese, the
 * days along the x axis, horizontal grid lines and the summary of `series` for a screen reader.
 */
export function dailyChartProps(days: readonly AnalyticsDay[], scaleType: DayScale, series: readonly DaySeries[]) {
  return {
    height: CHART_HEIGHT,
    localeText: CHART_LOCALE,
    desc: dailySummary(days, series),
    xAxis: [dayAxis(days, scaleType)],
    grid: { horizontal: true },
  };
}
