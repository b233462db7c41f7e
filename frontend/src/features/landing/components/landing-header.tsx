import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';
import { useHiddenWhileScrolling } from '@/features/landing/hooks/use-hidden-while-scrolling';

export function LandingHeader() {
  const hidden = useHiddenWhileScrolling();

  return (
    <Box
      component="header"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 'appBar',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        px: { xs: 2, sm: 4 },
        py: 1.5,
        color: '#ffffff',
        bgcolor: 'rgba(23, 19, 51, 0.72)',
        backdropFilter: 'blur(8px)',
        transform: hidden ? 'translateY(-100%)' : 'none',
        opacity: hidden ? 0 : 1,
        transition: 'transform 300ms ease, opacity 300ms ease',
        pointerEvents: hidden ? 'none' : 'auto',
      }}
    >
      <Typography component="span" sx={{ fontWeight: 700, letterSpacing: '0.2em', textShadow: '0 1px 6px rgba(0,0,0,.4)' }}>
        巡り
      </Typography>
      <Button
        component={RouterLink}
        to={paths.auth.login}
        variant="contained"
        color="secondary"
        size="small"
        tabIndex={hidden ? -1 : 0}
      >
        ログイン / 登録
      </Button>
    </Box>
  );
}
