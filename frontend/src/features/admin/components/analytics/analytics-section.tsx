import { lazy, Suspense, useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { useAnalytics } from '@/features/admin/api/analytics';
import type { Analytics } from '@/features/admin/api/types';
import { AnalyticsRangePicker } from '@/features/admin/components/analytics/analytics-range-picker';
import { CsvDownloadButton } from '@/features/admin/components/analytics/csv-download-button';
import { RollupButton } from '@/features/admin/components/analytics/rollup-button';
import { FigureCard } from '@/features/admin/components/figure-card';
import { useSignedInAdmin } from '@/features/admin/hooks/use-signed-in-admin';
import {
  dailyAverage,
  hasAnalytics,
  NO_ANALYTICS,
  notRolledUpNote,
  unavailableNote,
} from '@/features/admin/utils/analytics-figures';
import { defaultRange } from '@/features/admin/utils/analytics-range';
import { formatCount } from '@/features/admin/utils/dashboard-figures';
import { errorMessageFor } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/dates';

const LOAD_FAILED = '利用状況を読み込めませんでした';

// MUI X Charts come with this chunk only, so today's figures do not wait for them.
const loadCharts = () =>
  import(/* webpackChunkName: "admin-analytics-charts" */ '@/features/admin/components/analytics/analytics-charts').catch(
    // A chunk that fails to download (e.g. after a deploy) must not take the dashboard down with it.
    () => ({
      default: () => (
        <Typography role="alert" color="error">
          グラフを読み込めませんでした。ページを再読み込みしてください。
        </Typography>
      ),
    }),
  );

const AnalyticsCharts = lazy(loadCharts);

/** 訪問数 and ページビュー of the period, with the average of its rolled-up days. */
function PeriodFigures({ analytics }: { analytics: Analytics }) {
  const { totals, days } = analytics;
  const figures = [
    { title: '訪問数', total: totals.visits },
    { title: 'ページビュー', total: totals.pageViews },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' }}>
      {figures.map(({ title, total }) => {
        const average = dailyAverage(total, days);
        return (
          <FigureCard key={title} title={title} value={formatCount(total)} level={3}>
            {average === null ? null : (
              <Typography variant="body2" color="text.secondary">
                {`1日平均 ${formatCount(average)}`}
              </Typography>
            )}
          </FigureCard>
        );
      })}
    </Box>
  );
}

/** What the period's answer shows: its warnings, the not-rolled-up days, the figures and the charts. */
function PeriodContent({ analytics }: { analytics: Analytics }) {
  const unavailable = unavailableNote(analytics.unavailable);
  const pending = notRolledUpNote(analytics.days);
  return (
    <>
      {unavailable === null ? null : <Alert severity="warning">{unavailable}</Alert>}
      {pending === null ? null : (
        <Typography variant="body2" color="text.secondary">
          {pending}
        </Typography>
      )}
      <PeriodFigures analytics={analytics} />
      {hasAnalytics(analytics) ? (
        <Suspense fallback={<LoadingBlock label="グラフを読み込み中" />}>
          <AnalyticsCharts analytics={analytics} />
        </Suspense>
      ) : (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {NO_ANALYTICS}
        </Typography>
      )}
    </>
  );
}

/**
 * The dashboard's charts (issue 26), under today's figures: a period of Japan days (the last 30 ending
 * yesterday at first), its visits and page views, and the charts of GET /api/admin/analytics for it, which
 * load as their own chunk. Another period keeps the charts shown until its answer comes; a refusal (400 with
 * the gateway's message) is said above them. 「CSVをダウンロード」 saves the shown period's days; an admin's
 * 「この期間を集計し直す」 rolls it up again now.
 */
export function AnalyticsSection() {
  const headingId = useId();
  const { session } = useSignedInAdmin();
  const [range, setRange] = useState(() => defaultRange(Date.now()));
  const analytics = useAnalytics(range);
  const { data, error } = analytics;
  // The charts' chunk downloads while their figures are read, not after.
  useEffect(() => {
    void loadCharts();
  }, []);

  let content;
  if (data) {
    content = (
      <>
        {error ? <Alert severity="error">{errorMessageFor(error, LOAD_FAILED)}</Alert> : null}
        <PeriodContent analytics={data} />
      </>
    );
  } else if (error) {
    content = <LoadErrorBlock message={errorMessageFor(error, LOAD_FAILED)} onRetry={() => void analytics.mutate()} />;
  } else {
    content = <LoadingBlock label="利用状況を読み込み中" />;
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2, minWidth: 0, mt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, justifyContent: 'space-between' }}>
        <Box>
          <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.15rem', sm: '1.3rem' }, fontWeight: 700 }}>
            利用状況
          </Typography>
          {data ? (
            <Typography variant="body2" color="text.secondary">
              {`${formatCalendarDate(data.from)}〜${formatCalendarDate(data.to)}（日本時間）`}
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {session.admin.role === 'admin' ? (
            <RollupButton range={range} onRolledUp={() => void analytics.mutate()} />
          ) : null}
          <CsvDownloadButton analytics={data} />
        </Box>
      </Box>
      <AnalyticsRangePicker range={range} onChange={setRange} />
      {analytics.isValidating && data ? <LinearProgress aria-label="利用状況を読み込み中" /> : null}
      {content}
    </Box>
  );
}
