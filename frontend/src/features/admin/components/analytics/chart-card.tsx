import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { NO_ANALYTICS } from '@/features/admin/utils/analytics-figures';

type ChartCardProps = {
  title: string;
  /** A line under the title: the period's total, a unit, what a figure counts. */
  caption?: ReactNode;
  /** Nothing to draw in this period: the card says so instead of an empty chart. */
  empty?: boolean;
  /** Spans the whole row of the grid on a wide screen (the per-day charts). */
  wide?: boolean;
  children: ReactNode;
};

/**
 * One chart of the dashboard: a titled region (found by its title, like the figure cards) holding the chart
 * and what it needs to be read; with nothing to draw it says この期間のデータはまだありません.
 */
export function ChartCard({ title, caption, empty = false, wide = false, children }: ChartCardProps) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start', minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}
    >
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {title}
      </Typography>
      {caption === undefined ? null : (
        <Typography variant="body2" color="text.secondary" component="div">
          {caption}
        </Typography>
      )}
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 5, textAlign: 'center' }}>
          {NO_ANALYTICS}
        </Typography>
      ) : (
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      )}
    </Paper>
  );
}
