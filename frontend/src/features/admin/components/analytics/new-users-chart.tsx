import { BarChart } from '@mui/x-charts/BarChart';

import type { AnalyticsDay } from '@/features/admin/api/types';
import { ChartCard } from '@/features/admin/components/analytics/chart-card';
import {
  CHART_COLORS,
  CHART_HEIGHT,
  CHART_LOCALE,
  countAxis,
  perDay,
  X_AXIS_HEIGHT,
} from '@/features/admin/components/analytics/chart-style';
import {
  dailySummary,
  dailyValues,
  dayLabels,
  hasDailyValues,
  withUnit,
} from '@/features/admin/utils/analytics-figures';

const TITLE = '新規登録';

/** 「新規登録」: the members who signed up each day, one bar a day, and the period's total. */
export function NewUsersChart({ days, total }: { days: readonly AnalyticsDay[]; total: number }) {
  return (
    <ChartCard title={TITLE} caption={`期間合計 ${withUnit(total, '人')}`} empty={!hasDailyValues(days, 'newUsers')}>
      <BarChart
        height={CHART_HEIGHT}
        desc={dailySummary(days, [{ label: TITLE, figure: 'newUsers', unit: '人' }])}
        localeText={CHART_LOCALE}
        xAxis={[{ scaleType: 'band', data: dayLabels(days), label: '日付', height: X_AXIS_HEIGHT }]}
        yAxis={[{ ...countAxis('人数'), width: 'auto' }]}
        series={[
          { label: TITLE, data: dailyValues(days, 'newUsers'), color: CHART_COLORS.primary, valueFormatter: perDay('人') },
        ]}
        grid={{ horizontal: true }}
        hideLegend
      />
    </ChartCard>
  );
}
