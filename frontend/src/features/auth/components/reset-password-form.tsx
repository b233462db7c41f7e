import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { PasswordField } from '@/components/ui/password-field';
import { toast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { errorMessageFor } from '@/lib/api-client';
import { isLongEnoughPassword, PASSWORD_HELP, PASSWORD_TOO_SHORT } from '@/lib/account-validation';

export const RESET_FAILED = 'パスワードリセットに失敗しました';

type ResetPasswordFormProps = {
  /** From the link in the reset mail; either missing means the link is broken. */
  token: string | null;
  email: string | null;
};

/** Reset password (spec §2): only the new password; token and address come from the link. */
export function ResetPasswordForm({ token, email }: ResetPasswordFormProps) {
  const navigate = useNavigate();
  const { trigger, isMutating } = useResetPassword();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const linkBroken = !token || !email;
  const announced = useRef(false);

  useEffect(() => {
    if (!linkBroken || announced.current) return;
    announced.current = true;
    toast({ variant: 'destructive', title: 'エラー', description: '無効なリセットリンクです' });
    void navigate(paths.auth.login, { replace: true });
  }, [linkBroken, navigate]);

  if (linkBroken) return <PageSpinner />;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    if (!isLongEnoughPassword(password)) {
      setPasswordError(PASSWORD_TOO_SHORT);
      return;
    }
    setPasswordError(null);
    try {
      await trigger({ token, email, password });
      setDone(true);
      toast({ title: 'パスワードリセット完了', description: '新しいパスワードでログインできます' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'エラー', description: errorMessageFor(error, RESET_FAILED) });
    }
  };

  if (done) {
    return (
      <AuthLayout title="パスワードを再設定しました" focusTitleOnChange>
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Typography>新しいパスワードでログインしてください。ほかの端末のログイン状態は解除されました。</Typography>
          <Button component={RouterLink} to={paths.auth.login} variant="contained" size="large" fullWidth>
            ログインへ
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="パスワードの再設定" lead={`${email} の新しいパスワードを入力してください。`} focusTitleOnChange>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
        aria-label="パスワードの再設定"
        sx={{ display: 'grid', gap: 2.5 }}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="新しいパスワード"
          autoComplete="new-password"
          required
          fullWidth
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError !== null}
          helperText={passwordError ?? PASSWORD_HELP}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isMutating || password === ''}>
          {isMutating ? '再設定中...' : 'パスワードを再設定する'}
        </Button>
      </Box>
    </AuthLayout>
  );
}
