import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** The words shown while the chart is being built (spec §2, home). */
export const CHART_PENDING_TEXT = '未来を覗き見中...';

/** While the person's chart is being built: a spinner and '未来を覗き見中...', announced politely. */
export function ChartPending() {
  return (
    <Box
      role="status"
      data-testid="chart-pending"
      sx={{ minHeight: '40vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2, py: 6 }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography sx={{ fontWeight: 700, color: 'text.secondary', letterSpacing: '0.08em' }}>
        {CHART_PENDING_TEXT}
      </Typography>
    </Box>
  );
}
