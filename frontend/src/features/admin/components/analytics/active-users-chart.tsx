import { LineChart } from '@mui/x-charts/LineChart';

import type { AnalyticsDay } from '@/features/admin/api/types';
import { ChartCard } from '@/features/admin/components/analytics/chart-card';
import {
  CHART_COLORS,
  CHART_HEIGHT,
  CHART_LOCALE,
  countAxis,
  MARKS_UP_TO_DAYS,
  perDay,
  X_AXIS_HEIGHT,
} from '@/features/admin/components/analytics/chart-style';
import {
  dailySummary,
  dailyValues,
  dayLabels,
  hasDailyValues,
  type DayFigure,
} from '@/features/admin/utils/analytics-figures';

const TITLE = 'アクティブユーザー';

/** The three counts of members who used the app: that day, in the 7 and in the 30 days up to it. */
const SERIES: readonly { label: string; figure: DayFigure; unit: string; color: string }[] = [
  { label: '日次', figure: 'activeUsers', unit: '人', color: CHART_COLORS.primary },
  { label: '週次', figure: 'weeklyActiveUsers', unit: '人', color: CHART_COLORS.gold },
  { label: '月次', figure: 'monthlyActiveUsers', unit: '人', color: CHART_COLORS.water },
];

/** 「アクティブユーザー」: 日次, 週次 and 月次 per day, as lines with a gap where a day is not rolled up yet. */
export function ActiveUsersChart({ days }: { days: readonly AnalyticsDay[] }) {
  return (
    <ChartCard
      title={TITLE}
      caption="日次：その日に利用した会員、週次・月次：その日までの7日間・30日間に利用した会員"
      empty={!hasDailyValues(days, ...SERIES.map(({ figure }) => figure))}
      wide
    >
      <LineChart
        height={CHART_HEIGHT}
        desc={dailySummary(days, SERIES)}
        localeText={CHART_LOCALE}
        xAxis={[{ scaleType: 'point', data: dayLabels(days), label: '日付', height: X_AXIS_HEIGHT }]}
        yAxis={[{ ...countAxis('人数'), width: 'auto' }]}
        series={SERIES.map(({ label, figure, unit, color }) => ({
          label,
          data: dailyValues(days, figure),
          color,
          valueFormatter: perDay(unit),
          showMark: days.length <= MARKS_UP_TO_DAYS,
          curve: 'linear',
        }))}
        grid={{ horizontal: true }}
      />
    </ChartCard>
  );
}
