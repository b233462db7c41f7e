import Box from '@mui/material/Box';
import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxis } from '@mui/x-charts/ChartsAxis';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';

import type { Analytics } from '@/features/admin/api/types';
import { ChartCard } from '@/features/admin/components/analytics/chart-card';
import { CHART_COLORS, CHART_HEIGHT, CHART_LOCALE, countAxis } from '@/features/admin/components/analytics/chart-style';
import {
  dailyBarSeries,
  dailyLineSeries,
  dayAxis,
  type DaySeries,
} from '@/features/admin/components/analytics/daily-chart';
import { dailySummary, hasDailyValues, withUnit } from '@/features/admin/utils/analytics-figures';
import { formatYen } from '@/features/admin/utils/dashboard-figures';

const TITLE = '売上とクレジット';

/** The yen taken each day: bars on the left axis (円 in the screen reader's summary, ￥1,200 in the tooltip). */
const REVENUE: DaySeries = { label: '売上', figure: 'revenueYen', unit: '円', color: CHART_COLORS.gold };

/** The credits sold and spent each day: lines on the right axis. */
const CREDITS_SOLD: DaySeries = {
  label: '付与クレジット',
  figure: 'creditsSold',
  unit: 'クレジット',
  color: CHART_COLORS.primary,
};
const CREDITS_SPENT: DaySeries = {
  label: '消費クレジット',
  figure: 'creditsSpent',
  unit: 'クレジット',
  color: CHART_COLORS.water,
};

const SERIES: readonly DaySeries[] = [REVENUE, CREDITS_SOLD, CREDITS_SPENT];

function yenPerDay(value: number | null): string {
  return value === null ? '集計前' : formatYen(value);
}

/** The period's totals as text above the chart: 売上 ￥12,800（購入 5件）・付与 300クレジット・消費 120クレジット. */
function Totals({ totals }: { totals: Analytics['totals'] }) {
  const items = [
    ['売上', `${formatYen(totals.revenueYen)}（購入 ${withUnit(totals.purchases, '件')}）`],
    ['付与クレジット', withUnit(totals.creditsSold, 'クレジット')],
    ['消費クレジット', withUnit(totals.creditsSpent, 'クレジット')],
  ] as const;
  return (
    <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
      {items.map(([term, value]) => (
        <Box key={term} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {term}
          </Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.1rem' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * 「売上とクレジット」: the yen taken each day as bars on the left axis, the credits sold and spent each day as
 * lines on the right one, and the period's totals. With billing unavailable the money is 0 and a note says so.
 */
export function RevenueChart({ analytics }: { analytics: Analytics }) {
  const { days, totals } = analytics;
  const billingDown = analytics.unavailable.includes('billing');
  return (
    <ChartCard
      title={TITLE}
      wide
      caption={
        <>
          <Totals totals={totals} />
          {billingDown ? '決済サービスが応答しなかったため、売上と購入は0と表示されています' : null}
        </>
      }
      empty={!hasDailyValues(days, ...SERIES.map(({ figure }) => figure))}
    >
      <ChartsDataProvider
        height={CHART_HEIGHT}
        localeText={CHART_LOCALE}
        xAxis={[{ id: 'days', ...dayAxis(days, 'band') }]}
        yAxis={[
          { id: 'yen', ...countAxis('売上（円）'), position: 'left', width: 'auto' },
          { id: 'credits', ...countAxis('クレジット'), position: 'right', width: 'auto' },
        ]}
        series={[
          { type: 'bar', ...dailyBarSeries(days, REVENUE), yAxisId: 'yen', valueFormatter: yenPerDay },
          { type: 'line', ...dailyLineSeries(days, CREDITS_SOLD), yAxisId: 'credits' },
          { type: 'line', ...dailyLineSeries(days, CREDITS_SPENT), yAxisId: 'credits' },
        ]}
      >
        <ChartsWrapper>
          <ChartsLegend />
          <ChartsSurface desc={dailySummary(days, SERIES)}>
            <ChartsGrid horizontal />
            <BarPlot />
            <LinePlot />
            <MarkPlot />
            <ChartsAxisHighlight x="band" />
            <ChartsAxis />
          </ChartsSurface>
          <ChartsTooltip trigger="axis" />
        </ChartsWrapper>
      </ChartsDataProvider>
    </ChartCard>
  );
}
