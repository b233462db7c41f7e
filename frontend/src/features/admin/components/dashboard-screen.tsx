import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';

import { Link } from '@/components/ui/link';
import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { adminPaths } from '@/config/admin-paths';
import { useDashboard } from '@/features/admin/api/dashboard';
import type { Dashboard, TicketPriority } from '@/features/admin/api/types';
import { AnalyticsSection } from '@/features/admin/components/analytics/analytics-section';
import { FigureCard } from '@/features/admin/components/figure-card';
import { formatCount, formatShare, formatYen } from '@/features/admin/utils/dashboard-figures';
import { filtersToSearch, NO_FILTERS } from '@/features/admin/utils/inbox-filters';
import { PRIORITY_LABELS } from '@/features/admin/utils/labels';
import { errorMessageFor } from '@/lib/api-client';
import { formatCalendarDate, formatDateInJapan } from '@/lib/dates';

const LOAD_FAILED = 'ダッシュボードを読み込めませんでした';

/** The most pressing first, as a support shift works them. */
const PRIORITIES_FIRST_URGENT: readonly TicketPriority[] = ['urgent', 'high', 'normal', 'low'];

/** The inbox filtered to one priority (its URL parameters: features/admin/utils/inbox-filters.ts). */
function inboxOf(priority: TicketPriority): string {
  return `${adminPaths.tickets}?${filtersToSearch({ ...NO_FILTERS, priority }).toString()}`;
}

function Detail({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** The open tickets per priority, each a link to the inbox with that priority. */
function OpenTickets({ counts }: { counts: NonNullable<Dashboard['ticketsOpen']> }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
      {PRIORITIES_FIRST_URGENT.map((priority) => (
        <li key={priority}>
          <Link to={inboxOf(priority)} variant="body2">
            {`${PRIORITY_LABELS[priority]} ${formatCount(counts[priority])}件`}
          </Link>
        </li>
      ))}
    </Box>
  );
}

/** The cards of one answer; a figure that is null says 取得できません in its card, the others show. */
function Figures({ dashboard }: { dashboard: Dashboard }) {
  const { members, chartsFailed, ticketsOpen, mailsFailedToday, purchasesToday } = dashboard;
  const openTotal = ticketsOpen ? ticketsOpen.urgent + ticketsOpen.high + ticketsOpen.normal + ticketsOpen.low : 0;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        // As many columns as fit (three at 1280 px beside the navigation), one on a phone.
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
      }}
    >
      <FigureCard title="会員数" value={members ? `${formatCount(members.total)}人` : null}>
        <Detail>{`本日の新規 ${formatCount(members?.newToday ?? 0)}人`}</Detail>
      </FigureCard>
      <FigureCard title="メール認証率" value={members ? formatShare(members.verified, members.total) : null}>
        <Detail>{`認証済み ${formatCount(members?.verified ?? 0)}人 / ${formatCount(members?.total ?? 0)}人`}</Detail>
      </FigureCard>
      <FigureCard
        title="命式の作成失敗"
        value={chartsFailed === null ? null : `${formatCount(chartsFailed)}件`}
        alert={(chartsFailed ?? 0) > 0}
      />
      <FigureCard title="未完了のお問い合わせ" value={ticketsOpen ? `${formatCount(openTotal)}件` : null}>
        {ticketsOpen ? <OpenTickets counts={ticketsOpen} /> : null}
      </FigureCard>
      <FigureCard
        title="本日のメール送信失敗"
        value={mailsFailedToday === null ? null : `${formatCount(mailsFailedToday)}件`}
        alert={(mailsFailedToday ?? 0) > 0}
      />
      <FigureCard title="本日の購入" value={purchasesToday ? `${formatCount(purchasesToday.count)}件` : null}>
        <Detail>{`合計 ${formatYen(purchasesToday?.amountYen ?? 0)}`}</Detail>
      </FigureCard>
    </Box>
  );
}

/**
 * /admin/dashboard, the admin build's home: today's figures (the Japan day) in cards that wrap to the width,
 * as of the time the gateway read them, and a button that reads them again. A service that did not answer
 * blanks only its own figures, named in a note above the cards. Under them, the charts of a period
 * (analytics/analytics-section.tsx, issue 26), read and shown on their own.
 */
export function DashboardScreen() {
  const dashboard = useDashboard();
  const { data, error } = dashboard;

  let content;
  if (data) {
    content = (
      <>
        {error ? <Alert severity="error">{errorMessageFor(error, LOAD_FAILED)}</Alert> : null}
        {data.unavailable.length > 0 ? (
          <Alert severity="warning">
            {`一部のサービスが応答しなかったため、取得できない数値があります（${data.unavailable.join('・')}）`}
          </Alert>
        ) : null}
        <Figures dashboard={data} />
      </>
    );
  } else if (error) {
    content = <LoadErrorBlock message={errorMessageFor(error, LOAD_FAILED)} onRetry={() => void dashboard.mutate()} />;
  } else {
    content = <LoadingBlock label="ダッシュボードを読み込み中" />;
  }

  return (
    <Box
      component="main"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' } }}>
            ダッシュボード
          </Typography>
          {data ? (
            <Typography variant="body2" color="text.secondary">
              {`${formatCalendarDate(data.day)}（日本時間）・${formatDateInJapan(new Date(data.asOf), 'dateTime')} 時点`}
            </Typography>
          ) : null}
        </Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={<RefreshIcon aria-hidden="true" />}
          disabled={dashboard.isValidating}
          onClick={() => void dashboard.mutate()}
        >
          再読み込み
        </Button>
      </Box>
      {content}
      <AnalyticsSection />
    </Box>
  );
}
