import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

type SpinnerProps = {
  /** Read by screen readers; nothing is shown. */
  label?: string;
};

/** Covers the whole viewport, e.g. while the sign-in state is loading. */
export function FullScreenSpinner({ label = '読み込み中' }: SpinnerProps) {
  return (
    <Box sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** Fills the page body, e.g. while a lazily loaded screen arrives. */
export function PageSpinner({ label = '読み込み中' }: SpinnerProps) {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
