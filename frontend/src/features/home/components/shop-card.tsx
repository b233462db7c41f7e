import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';

/** The way to the shop (spec §2): credits for the chat with the navigator. */
export function ShopCard({ credits, className }: { credits: number | null; className?: string }) {
  return (
    <Paper
      component="section"
      className={className}
      aria-label="ショップ"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', bgcolor: '#fffaf0', borderColor: 'rgba(200, 146, 58, 0.35)' }}
    >
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>
          チャットのクレジット
          {credits !== null ? (
            <Box component="span" sx={{ ml: 1, color: 'secondary.dark' }}>
              残り {credits}
            </Box>
          ) : null}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          ナビゲーターとのおしゃべりに使えます。
        </Typography>
      </Box>
      <Button component={RouterLink} to={paths.shop} variant="contained" color="secondary" startIcon={<StorefrontOutlinedIcon />}>
        ショップへ
      </Button>
    </Paper>
  );
}
