import { BarChart } from '@mui/x-charts/BarChart';

import type { AnalyticsDay } from '@/features/admin/api/types';
import { ChartCard } from '@/features/admin/components/analytics/chart-card';
import { CHART_COLORS, countAxis } from '@/features/admin/components/analytics/chart-style';
import { dailyBarSeries, dailyChartProps, type DaySeries } from '@/features/admin/components/analytics/daily-chart';
import { hasDailyValues, withUnit } from '@/features/admin/utils/analytics-figures';

const TITLE = '新規登録';

/** The members who signed up that day. */
const NEW_USERS: DaySeries = { label: TITLE, figure: 'newUsers', unit: '人', color: CHART_COLORS.primary };

/** 「新規登録」: the members who signed up each day, one bar a day, and the period's total. */
export function NewUsersChart({ days, total }: { days: readonly AnalyticsDay[]; total: number }) {
  return (
    <ChartCard
      title={TITLE}
      caption={`期間合計 ${withUnit(total, '人')}`}
      empty={!hasDailyValues(days, NEW_USERS.figure)}
    >
      <BarChart
        {...dailyChartProps(days, 'band', [NEW_USERS])}
        yAxis={[{ ...countAxis('人数'), width: 'auto' }]}
        series={[dailyBarSeries(days, NEW_USERS)]}
        hideLegend
      />
    </ChartCard>
  );
}
