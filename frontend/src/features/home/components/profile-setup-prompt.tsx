import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';
import { AboutLink } from '@/features/home/components/about-link';

/** Home for someone without a username or birth date (spec §2): the reading needs them first. */
export function ProfileSetupPrompt() {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 4, sm: 8 }, px: { xs: 2, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, mb: 2 }}>
          プロフィールを設定しましょう
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          ユーザー名と生年月日を登録すると、あなたの命式から毎日の運勢をお届けします。
        </Typography>
        <Button component={RouterLink} to={paths.profile} variant="contained" size="large">
          プロフィールを設定する
        </Button>
        <Box sx={{ mt: 3 }}>
          <AboutLink />
        </Box>
      </Paper>
    </Container>
  );
}
