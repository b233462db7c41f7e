import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export function CalculationLoading() {
  return (
    <Box role="status" aria-live="polite" sx={{ py: 8, display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}>
      <CircularProgress color="secondary" size={56} aria-hidden="true" />
      <Typography variant="h3" component="p">
        命式を読み解いています...
      </Typography>
      <Typography color="text.secondary">あなたが生まれた瞬間の空を計算しています</Typography>
    </Box>
  );
}
