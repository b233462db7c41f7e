import Box from '@mui/material/Box';

import type { Analytics } from '@/features/admin/api/types';
import { ActiveUsersChart } from '@/features/admin/components/analytics/active-users-chart';
import { FeatureUsageChart } from '@/features/admin/components/analytics/feature-usage-chart';
import { FunnelChart } from '@/features/admin/components/analytics/funnel-chart';
import { NewUsersChart } from '@/features/admin/components/analytics/new-users-chart';
import { RegionTable } from '@/features/admin/components/analytics/region-table';
import { RevenueChart } from '@/features/admin/components/analytics/revenue-chart';
import { SharePieChart } from '@/features/admin/components/analytics/share-pie-chart';

/**
 * Every chart of one period, in a grid: two columns on a wide screen (the per-day charts across both), one
 * on a phone, where the charts stack. Loaded as its own chunk with MUI X Charts (analytics-section.tsx), so
 * today's figures do not wait for it.
 */
export default function AnalyticsCharts({ analytics }: { analytics: Analytics }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <ActiveUsersChart days={analytics.days} />
      <NewUsersChart days={analytics.days} total={analytics.totals.newUsers} />
      <FunnelChart funnel={analytics.funnel} />
      <RevenueChart analytics={analytics} />
      <FeatureUsageChart usage={analytics.featureUsage} />
      <RegionTable countries={analytics.countries} cities={analytics.cities} />
      <SharePieChart title="ブラウザ" counts={analytics.browsers} />
      <SharePieChart title="OS" counts={analytics.operatingSystems} />
    </Box>
  );
}
