import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

import { ChartPending } from '@/components/ui/chart-pending';
import type { Report } from '@/features/reports/api/get-report';
import { errorMessageFor } from '@/lib/api-client';

export const GENERATING_TEXT = '作成中…';

type ReportStateProps = {
  report: Report | null | undefined;
  error: unknown;
  /** True while a request is out (e.g. right after a retry). */
  busy: boolean;
  onRetry: () => void;
  /** The ready report. */
  children: (report: Report) => ReactNode;
};

function Waiting({ text, detail }: { text: string; detail?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
      <CircularProgress size={22} aria-hidden="true" />
      <Box>
        <Typography sx={{ fontWeight: 700 }}>{text}</Typography>
        {detail ? (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

function RetryBox({ message, button, busy, onRetry }: { message: string; button: string; busy: boolean; onRetry: () => void }) {
  return (
    <Box role="alert" sx={{ py: 1.5 }}>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {message}
      </Typography>
      <Button variant="outlined" onClick={onRetry} disabled={busy}>
        {busy ? '依頼しています…' : button}
      </Button>
    </Box>
  );
}

/**
 * A report's states (docs/api/readings.md): `generating` says 作成中… (the caller polls), `failed` says so
 * honestly and offers to ask again (which restarts the generation), a request error offers to reload, and
 * a ready report is handed to `children`.
 */
export function ReportState({ report, error, busy, onRetry, children }: ReportStateProps) {
  // A failed poll stops the polling: say so rather than showing 作成中… for ever.
  if (error && report?.status !== 'ready') {
    return (
      <RetryBox
        message={errorMessageFor(error, 'レポートを読み込めませんでした。通信の状態を確かめて、もう一度お試しください。')}
        button="もう一度読み込む"
        busy={busy}
        onRetry={onRetry}
      />
    );
  }
  if (report === undefined) return <Waiting text="読み込み中…" />;
  if (report === null) return <ChartPending />;
  if (report.status === 'ready') return <>{children(report)}</>;
  if (report.status === 'failed') {
    return (
      <RetryBox
        message="ごめんなさい、レポートを作成できませんでした。少し時間をおいて、もう一度お試しください。"
        button="もう一度作成する"
        busy={busy}
        onRetry={onRetry}
      />
    );
  }
  return <Waiting text={GENERATING_TEXT} detail="星の巡りを読み解いています。できあがると自動で表示されます。" />;
}
