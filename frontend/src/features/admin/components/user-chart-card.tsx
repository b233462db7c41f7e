import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';

import { toast } from '@/components/ui/toast/toast-store';
import { retryChart } from '@/features/admin/api/users';
import type { AdminChart, ChartStatus } from '@/features/admin/api/types';
import { DetailList, DetailRow, PartUnavailable, UserSection } from '@/features/admin/components/user-section';
import { CHART_STATUS_LABELS } from '@/features/admin/utils/labels';
import { errorMessageFor, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';

const STATUS_COLORS = { pending: 'info', generating: 'info', ready: 'success', failed: 'error' } as const satisfies Record<
  ChartStatus,
  string
>;

type UserChartCardProps = {
  userId: string;
  chart: AdminChart | null;
  /** fortune did not answer (the chart is null then). */
  unavailable: boolean;
  hasBirthData: boolean;
  /** Called once the gateway has taken a retry (the member's page is read again). */
  onChanged: () => Promise<void>;
};

/**
 * The member's chart as staff may see it: its state, when it last changed, how many builds were tried and the
 * last error — never the chart. A failed chart can be built again (再作成); any other state answers 409
 * CHART_NOT_FAILED, whose message is shown.
 */
export function UserChartCard({ userId, chart, unavailable, hasBirthData, onChanged }: UserChartCardProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const retry = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await retryChart(userId);
      toast({ title: '命式の再作成を始めました' });
      await onChanged();
    } catch (error) {
      setFailure(errorMessageFor(error, '再作成できませんでした。もう一度お試しください'));
      // 409 CHART_NOT_FAILED: the chart moved on since the page was read; show where it is now.
      if (isApiError(error) && error.status === 409) await onChanged();
    } finally {
      setBusy(false);
    }
  };

  let content;
  if (unavailable) {
    content = <PartUnavailable />;
  } else if (chart === null) {
    content = (
      <Typography variant="body2" color="text.secondary">
        {hasBirthData ? '命式はまだありません' : '出生データが未登録のため、命式はありません'}
      </Typography>
    );
  } else {
    content = (
      <>
        <Box>
          <Chip
            size="small"
            color={STATUS_COLORS[chart.status]}
            variant={chart.status === 'ready' ? 'outlined' : 'filled'}
            label={CHART_STATUS_LABELS[chart.status]}
          />
        </Box>
        <DetailList>
          <DetailRow term="更新日時">
            {chart.updatedAt === null ? '—' : formatDate(new Date(chart.updatedAt), 'dateTime')}
          </DetailRow>
          <DetailRow term="試行回数">{`${chart.attempts}回`}</DetailRow>
          {chart.status === 'failed' ? (
            <DetailRow term="最後のエラー">
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
                {chart.lastError ?? '（記録なし）'}
              </Box>
            </DetailRow>
          ) : null}
        </DetailList>
        {failure !== null ? <Alert severity="error">{failure}</Alert> : null}
        {chart.status === 'failed' ? (
          <Box>
            <Button
              variant="outlined"
              size="small"
              startIcon={<ReplayIcon aria-hidden="true" />}
              disabled={busy}
              onClick={() => void retry()}
            >
              {busy ? '処理中...' : '再作成'}
            </Button>
          </Box>
        ) : null}
      </>
    );
  }

  return <UserSection title="命式">{content}</UserSection>;
}
