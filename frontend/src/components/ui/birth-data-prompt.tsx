import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';

/** Shown instead of a chart when the person has not given a birth date yet: the way to /settings. */
export function BirthDataPrompt() {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="birth-data-prompt-title"
      data-testid="birth-data-prompt"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}
    >
      <Typography id="birth-data-prompt-title" variant="h4" component="h2" sx={{ mb: 1 }}>
        生年月日を教えてください
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        命式は生年月日からつくります。設定で登録すると、あなたの命式と運勢がここに表示されます。
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.settings}>
        設定で生年月日を登録する
      </Button>
    </Paper>
  );
}
