import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { PasswordField } from '@/components/ui/password-field';
import { adminLogin } from '@/features/admin/api/auth';
import { SESSION_EXPIRED_NOTICE } from '@/features/admin/utils/labels';
import { errorMessageFor, isApiError } from '@/lib/api-client';

export const ADMIN_LOGIN_FAILED = 'ログインできませんでした。しばらくしてからもう一度お試しください';

type AdminLoginFormProps = {
  /** The last session ran out (or the gateway refused its token): say so above the form. */
  sessionExpired: boolean;
  /** Called once the session is stored. */
  onSignedIn: () => void;
};

/** The gateway's refusal in its own words, with how long to wait when it is the rate limit and says so. */
function failureMessage(error: unknown): string {
  const message = errorMessageFor(error, ADMIN_LOGIN_FAILED);
  if (isApiError(error) && error.status === 429 && error.retryAfterSeconds !== undefined) {
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    return `${message}（約${minutes}分後にお試しいただけます）`;
  }
  return message;
}

/**
 * /admin/login: a staff member's e-mail and password (POST /api/admin/login). The gateway's refusal is shown
 * as it words it: wrong credentials, an inactive account, too many attempts, the admin area switched off.
 */
export function AdminLoginForm({ sessionExpired, onSignedIn }: AdminLoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setFailure(null);
    try {
      await adminLogin({ email: email.trim(), password });
      onSignedIn();
    } catch (error) {
      setFailure(failureMessage(error));
      setSending(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2, py: 4 }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 0.5 }}>
          Meguri 管理画面
        </Typography>
        <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 3 }}>
          管理者ログイン
        </Typography>
        {sessionExpired && failure === null ? (
          <Alert severity="warning" sx={{ mb: 2.5 }}>
            {SESSION_EXPIRED_NOTICE}
          </Alert>
        ) : null}
        {failure !== null ? (
          <Alert severity="error" sx={{ mb: 2.5 }}>
            {failure}
          </Alert>
        ) : null}
        <Box
          component="form"
          noValidate
          aria-label="管理者ログイン"
          onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
          sx={{ display: 'grid', gap: 2.5 }}
        >
          <TextField
            label="メールアドレス"
            type="email"
            autoComplete="username"
            required
            fullWidth
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
          />
          <PasswordField
            label="パスワード"
            autoComplete="current-password"
            required
            fullWidth
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={sending || email.trim() === '' || password === ''}
          >
            {sending ? 'ログイン中...' : 'ログイン'}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
