import { useState } from 'react';
import Button from '@mui/material/Button';
import RefreshIcon from '@mui/icons-material/Refresh';

import { toast } from '@/components/ui/toast/toast-store';
import { MAX_ROLLUP_DAYS, rollUpAnalytics } from '@/features/admin/api/analytics';
import { daysInRange, type AnalyticsRange } from '@/features/admin/utils/analytics-range';
import { errorMessageFor } from '@/lib/api-client';

type RollupButtonProps = {
  range: AnalyticsRange;
  /** Reads the range's figures again once they are rolled up. */
  onRolledUp: () => void;
};

/**
 * 「この期間を集計し直す」 (admins): rolls the shown period up again now — today so far included, or days
 * after a fix — then reads its figures again. The nightly schedule rolls each finished day up by itself; this
 * is for the days it has not reached. Off while it runs (a double click is one request) and for periods over
 * 92 days.
 */
export function RollupButton({ range, onRolledUp }: RollupButtonProps) {
  const [running, setRunning] = useState(false);
  const tooLong = daysInRange(range) > MAX_ROLLUP_DAYS;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<RefreshIcon aria-hidden="true" />}
      disabled={running || tooLong}
      title={tooLong ? `集計し直せるのは${MAX_ROLLUP_DAYS}日までです` : undefined}
      onClick={() => {
        setRunning(true);
        rollUpAnalytics(range)
          .then(({ days }) => {
            toast({ title: `${days}日分を集計し直しました`, variant: 'default' });
            onRolledUp();
          })
          .catch((error: unknown) => {
            toast({ title: errorMessageFor(error, '集計し直せませんでした'), variant: 'destructive' });
          })
          .finally(() => setRunning(false));
      }}
    >
      {running ? '集計中...' : 'この期間を集計し直す'}
    </Button>
  );
}
