import { BarChart } from '@mui/x-charts/BarChart';

import { barsHeight, CHART_LOCALE, countAxis, X_AXIS_HEIGHT } from '@/features/admin/components/analytics/chart-style';
import { countsSummary, withUnit } from '@/features/admin/utils/analytics-figures';

type CountBarsProps = {
  /** The series' name (its card's title; the card's heading names the chart for assistive technology). */
  title: string;
  /** One bar each, top to bottom, with its Japanese name. */
  items: readonly { label: string; value: number }[];
  /** What a count is counted in: 人, 回. */
  unit: string;
  /** The value axis' label: 人数, 回数. */
  axisLabel: string;
  color: string;
};

/** Named counts as horizontal bars (the names read along the left), for the funnel and the features. */
export function CountBars({ title, items, unit, axisLabel, color }: CountBarsProps) {
  return (
    <BarChart
      layout="horizontal"
      height={barsHeight(items.length)}
      desc={countsSummary(items, unit)}
      localeText={CHART_LOCALE}
      yAxis={[{ scaleType: 'band', data: items.map((item) => item.label), width: 'auto' }]}
      xAxis={[{ ...countAxis(axisLabel), height: X_AXIS_HEIGHT }]}
      series={[
        {
          label: title,
          data: items.map((item) => item.value),
          color,
          valueFormatter: (value: number | null) => (value === null ? null : withUnit(value, unit)),
        },
      ]}
      grid={{ vertical: true }}
      hideLegend
    />
  );
}
