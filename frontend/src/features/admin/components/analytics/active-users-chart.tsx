import { LineChart } from '@mui/x-charts/LineChart';

import type { AnalyticsDay } from '@/features/admin/api/types';
import { ChartCard } from '@/features/admin/components/analytics/chart-card';
import { CHART_COLORS, countAxis } from '@/features/admin/components/analytics/chart-style';
import { dailyChartProps, dailyLineSeries, type DaySeries } from '@/features/admin/components/analytics/daily-chart';
import { hasDailyValues } from '@/features/admin/utils/analytics-figures';

const TITLE = 'アクティブユーザー';

/** The three counts of members who used the app: that day, in the 7 and in the 30 days up to it. */
const SERIES: readonly DaySeries[] = [
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
        {...dailyChartProps(days, 'point', SERIES)}
        yAxis={[{ ...countAxis('人数'), width: 'auto' }]}
        series={SERIES.map((series) => dailyLineSeries(days, series))}
      />
    </ChartCard>
  );
}
