import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';

type ClosingSectionProps = {
  /** A signed-in member already has an account: the button leads to their home instead of signup. */
  signedIn?: boolean;
};

/**
 * The closing call: sign up (spec §2: a button to /auth/signup). Members, who do not get the signup
 * route, are sent home as the landing page's call to action does.
 */
export function ClosingSection({ signedIn = false }: ClosingSectionProps) {
  return (
    <Box
      component="section"
      aria-labelledby="closing-title"
      sx={{ py: { xs: 8, sm: 11 }, px: 3, textAlign: 'center', background: 'linear-gradient(180deg, #faf7f2 0%, #efeaf6 100%)' }}
    >
      <Typography id="closing-title" variant="h2" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, mb: 2 }}>
        あなたの流れを、今日から。
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: 4 }}>
        登録は無料です。生年月日を入力すると、あなたの命式と毎日の運勢がすぐに届きはじめます。
      </Typography>
      <Button
        component={RouterLink}
        to={signedIn ? paths.homeAlias : paths.auth.signup}
        variant="contained"
        color="secondary"
        size="large"
      >
        {signedIn ? 'マイページへ' : '無料で登録する'}
      </Button>
    </Box>
  );
}
