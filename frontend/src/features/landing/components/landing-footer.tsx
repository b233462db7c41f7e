import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

export function LandingFooter() {
  return (
    <Box component="footer" sx={{ py: 5, px: 2, textAlign: 'center', borderTop: '1px solid', borderColor: 'divider' }}>
      <Box component="nav" aria-label="フッター" sx={{ mb: 2 }}>
        <Link to={paths.about}>巡りについて</Link>
      </Box>
      <Typography variant="body2" color="text.secondary">
        © Meguri
      </Typography>
    </Box>
  );
}
