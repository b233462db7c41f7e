import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { Link } from '@/components/ui/link';
import { toast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '@/features/auth/api/forgot-password';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { errorMessageFor } from '@/lib/api-client';
import { EMAIL_INVALID, isValidEmail } from '@/lib/account-validation';

export const FORGOT_FAILED = 'リクエストの処理に失敗しました';

/** Forgot password (spec §2, §4): the address, then a "sent" view whose resend returns to the form. */
export function ForgotPasswordForm() {
  const { trigger, isMutating } = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    const address = email.trim();
    if (!isValidEmail(address)) {
      setEmailError(EMAIL_INVALID);
      return;
    }
    setEmailError(null);
    try {
      await trigger(address);
      setSentTo(address);
      toast({ title: 'メール送信完了', description: 'パスワードリセットのリンクをメールでお送りしました' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'エラー', description: errorMessageFor(error, FORGOT_FAILED) });
    }
  };

  const footer = <Link to={paths.auth.login}>ログイン画面に戻る</Link>;

  if (sentTo !== null) {
    return (
      <AuthLayout title="メールを送信しました" footer={footer} focusTitleOnChange>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography>
            <Box component="span" sx={{ fontWeight: 700 }}>
              {sentTo}
            </Box>{' '}
            宛に、パスワードを再設定するためのリンクをお送りしました。メールのリンクから新しいパスワードを設定してください。
          </Typography>
          <Typography variant="body2" color="text.secondary">
            メールが届かない場合は、迷惑メールフォルダもご確認ください。登録されていないアドレスにはメールは届きません。
          </Typography>
          <Button variant="outlined" fullWidth onClick={() => setSentTo(null)}>
            もう一度送信する
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="パスワードをお忘れの方"
      lead="登録したメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。"
      footer={footer}
      focusTitleOnChange
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
        aria-label="パスワード再設定メールの送信"
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
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isMutating || email.trim() === ''}>
          {isMutating ? '送信中...' : '再設定リンクを送信'}
        </Button>
      </Box>
    </AuthLayout>
  );
}
