import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A small spinner in place of a section that is loading; `label` says what (for screen readers). */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
      <CircularProgress size={24} aria-label={label} />
    </Box>
  );
}

/** In place of a section that could not be read: what went wrong and a button that reads it again. */
export function LoadErrorBlock({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box role="alert" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', py: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {message}
      </Typography>
      <Button size="small" variant="outlined" onClick={onRetry}>
        もう一度読み込む
      </Button>
    </Box>
  );
}
