import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { nightSky, starField } from '@/theme/palette';

type SignUpCallToActionProps = {
  onSignUp: () => void;
  /** A signed-in user is sent to home instead of signup. */
  signedIn?: boolean;
};

export function SignUpCallToAction({ onSignUp, signedIn = false }: SignUpCallToActionProps) {
  return (
    <Box
      component="section"
      aria-labelledby="sign-up-cta-title"
      sx={{
        mt: 3,
        p: { xs: 3, sm: 4 },
        textAlign: 'center',
        borderRadius: 4,
        color: nightSky.text,
        backgroundColor: nightSky.mid,
        backgroundImage: `${starField}, linear-gradient(160deg, ${nightSky.mid}, ${nightSky.deep})`,
      }}
    >
      <Typography id="sign-up-cta-title" variant="h3" component="h3" sx={{ mb: 1.5 }}>
        もっと深く、あなたの流れを。
      </Typography>
      <Typography sx={{ mb: 3, color: nightSky.muted }}>
        無料登録で、毎日の運勢、ナビゲーターとの対話、未来へ届く日記が使えるようになります。
        入力した生年月日はそのまま引き継がれます。
      </Typography>
      <Button variant="contained" color="secondary" size="large" onClick={onSignUp}>
        {signedIn ? 'マイページへ' : '無料で登録する'}
      </Button>
    </Box>
  );
}
