import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type SignUpCallToActionProps = {
  onSignUp: () => void;
};

export function SignUpCallToAction({ onSignUp }: SignUpCallToActionProps) {
  return (
    <Paper
      elevation={0}
      sx={{ mt: 3, p: { xs: 3, sm: 4 }, textAlign: 'center', bgcolor: 'primary.dark', color: 'primary.contrastText' }}
    >
      <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
        もっと深く、あなたの流れを。
      </Typography>
      <Typography sx={{ mb: 3, opacity: 0.9 }}>
        無料登録で、毎日の運勢、ナビゲーターとの対話、未来へ届く日記が使えるようになります。
        入力した生年月日はそのまま引き継がれます。
      </Typography>
      <Button variant="contained" color="secondary" size="large" onClick={onSignUp}>
        無料で登録する
      </Button>
    </Paper>
  );
}
