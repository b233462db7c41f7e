import type { AnalyticsCount } from '@/features/admin/api/types';
import { ChartCard } from '@/features/admin/components/analytics/chart-card';
import { CHART_COLORS } from '@/features/admin/components/analytics/chart-style';
import { CountBars } from '@/features/admin/components/analytics/count-bars';
import { featureLabel } from '@/features/admin/utils/analytics-figures';

const TITLE = '機能の利用';

/** 「機能の利用」: how often each feature was used in the period, most first, by its Japanese name. */
export function FeatureUsageChart({ usage }: { usage: readonly AnalyticsCount[] }) {
  const items = usage
    .filter((item) => item.count > 0)
    .sort((a, b) => b.count - a.count)
    .map((item) => ({ label: featureLabel(item.name), value: item.count }));
  return (
    <ChartCard title={TITLE} caption="期間内に記録された回数" empty={items.length === 0}>
      <CountBars title={TITLE} items={items} unit="回" axisLabel="回数" color={CHART_COLORS.gold} />
    </ChartCard>
  );
}
