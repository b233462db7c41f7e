import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';

/** /account-deleted: where deleting the account ends. A quiet goodbye and the way back to the start. */
export default function AccountDeletedRoute() {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        background: 'linear-gradient(180deg, #171333 0%, #2e2668 55%, #5b4f9c 100%)',
        color: '#ffffff',
      }}
    >
      <Container component="main" maxWidth="sm" sx={{ textAlign: 'center', py: 8 }}>
        <Typography component="p" aria-hidden="true" sx={{ letterSpacing: '0.4em', opacity: 0.7, mb: 2 }}>
          MEGURI
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 3 }}>
          アカウントを削除しました
        </Typography>
        <Typography sx={{ opacity: 0.9, mb: 1.5 }}>これまで巡りをご利用いただき、ありがとうございました。</Typography>
        <Typography sx={{ opacity: 0.9, mb: 5 }}>
          あなたのデータはすべて削除されました。
          <br />
          星がまた巡るころ、いつでもお待ちしています。
        </Typography>
        <Button component={RouterLink} to={paths.landing} variant="contained" color="secondary" size="large">
          トップページへ
        </Button>
      </Container>
    </Box>
  );
}
