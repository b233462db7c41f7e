import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { Link } from '@/components/ui/link';
import { PasswordField } from '@/components/ui/password-field';
import { toast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { useLogin } from '@/features/auth/api/login';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { returnPath } from '@/lib/return-path';
import { errorMessageFor, isApiError } from '@/lib/api-client';
import { EMAIL_INVALID, isValidEmail } from '@/lib/account-validation';

export const LOGIN_FAILED = 'ログインに失敗しました';

/**
 * Login (spec §2): e-mail and password; an unverified account is offered the verify screen. Signed in, it
 * goes home, or back to the page of this app that sent the visitor here (`?next=`, paths.auth.loginThen).
 */
export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = returnPath(params.get('next')) ?? paths.home;
  const { trigger, isMutating } = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  /** Set when the server says the address is not verified yet: the message and the address to verify. */
  const [unverified, setUnverified] = useState<{ message: string; email: string } | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    const address = email.trim();
    if (!isValidEmail(address)) {
      setEmailError(EMAIL_INVALID);
      return;
    }
    setEmailError(null);
    setUnverified(null);
    try {
      await trigger({ email: address, password });
      toast({ title: 'ログイン成功', description: 'あなたの輝く未来へ出発だ' });
      void navigate(next);
    } catch (error) {
      const message = errorMessageFor(error, LOGIN_FAILED);
      if (isApiError(error) && error.status === 403 && error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverified({ message, email: address });
      }
      toast({ variant: 'destructive', title: 'ログインエラー', description: message });
    }
  };

  return (
    <AuthLayout
      title="ログイン"
      footer={
        <>
          <Link to={paths.auth.forgotPassword}>パスワードをお忘れの方</Link>
          <span>
            アカウントをお持ちでない方は <Link to={paths.auth.signup}>新規登録</Link>
          </span>
        </>
      }
    >
      {unverified ? (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to={paths.auth.verifyFor(unverified.email)} color="inherit" size="small">
              メール認証へ進む
            </Button>
          }
        >
          {unverified.message}
        </Alert>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
        aria-label="ログイン"
        sx={{ display: 'grid', gap: 2.5 }}
      >
        <TextField
          label="メールアドレス"
          type="email"
          autoComplete="email"
          required
          fullWidth
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError !== null}
          helperText={emailError ?? undefined}
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
          disabled={isMutating || email.trim() === '' || password === ''}
        >
          {isMutating ? 'ログイン中...' : 'ログイン'}
        </Button>
      </Box>
    </AuthLayout>
  );
}
