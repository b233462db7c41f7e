import { PieChart } from '@mui/x-charts/PieChart';

import type { AnalyticsCount } from '@/features/admin/api/types';
import { ChartCard } from '@/features/admin/components/analytics/chart-card';
import { CHART_LOCALE, PIE_COLORS } from '@/features/admin/components/analytics/chart-style';
import { countsSummary, topWithOther, withUnit } from '@/features/admin/utils/analytics-figures';
import { formatShare } from '@/features/admin/utils/dashboard-figures';

const PIE_HEIGHT = 220;

type SharePieChartProps = {
  /** 「ブラウザ」 or 「OS」. */
  title: string;
  counts: readonly AnalyticsCount[];
};

/** A breakdown of the period's visits (browsers, operating systems) as a pie: the largest six and その他. */
export function SharePieChart({ title, counts }: SharePieChartProps) {
  const slices = topWithOther(counts).map((slice, i) => ({ ...slice, color: PIE_COLORS[i % PIE_COLORS.length] }));
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <ChartCard title={title} caption="期間内の訪問の内訳" empty={slices.length === 0}>
      <PieChart
        height={PIE_HEIGHT}
        desc={countsSummary(slices, '件')}
        localeText={CHART_LOCALE}
        series={[
          {
            data: slices,
            innerRadius: '45%',
            paddingAngle: 1,
            valueFormatter: (item: { value: number }) => `${withUnit(item.value, '件')}（${formatShare(item.value, total)}）`,
          },
        ]}
      />
    </ChartCard>
  );
}
