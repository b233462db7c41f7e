import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';

import { Link } from '@/components/ui/link';
import { toast } from '@/components/ui/toast/toast-store';
import { DEFAULT_RESEND_COOLDOWN_SECONDS, VERIFICATION_CODE_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useCountdown } from '@/features/auth/hooks/use-countdown';
import { errorMessageFor, isApiError } from '@/lib/api-client';
import {
  EMAIL_INVALID,
  isValidEmail,
  isValidVerificationCode,
  normaliseVerificationCode,
} from '@/lib/account-validation';

export const VERIFY_FAILED = '認証に失敗しました';
export const RESEND_FAILED = '認証コードの再送信に失敗しました';

type VerifyEmailFormProps = {
  /** The address from the link (`?email=`); the field stays editable. */
  initialEmail: string;
};

/** E-mail verification (spec §2): the address and the 6-digit code from the mail, and a resend button. */
export function VerifyEmailForm({ initialEmail }: VerifyEmailFormProps) {
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const cooldown = useCountdown();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  const address = email.trim();
  const canSubmit = address !== '' && isValidVerificationCode(code) && !verify.isMutating;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    if (!isValidEmail(address)) {
      setEmailError(EMAIL_INVALID);
      return;
    }
    setEmailError(null);
    try {
      await verify.trigger({ email: address, code });
      toast({ title: 'メール認証完了', description: 'ようこそ、巡りへ' });
      void navigate(paths.home, { replace: true });
    } catch (error) {
      // An expired or used-up code cannot be corrected: clear it so the next one is typed afresh.
      if (isApiError(error) && (error.code === 'CODE_EXPIRED' || error.code === 'CODE_EXHAUSTED')) setCode('');
      toast({ variant: 'destructive', title: '認証エラー', description: errorMessageFor(error, VERIFY_FAILED) });
    }
  };

  const handleResend = async () => {
    if (!isValidEmail(address)) {
      setEmailError(EMAIL_INVALID);
      return;
    }
    setEmailError(null);
    try {
      const answer = await resend.trigger(address);
      cooldown.start(answer?.cooldownSeconds ?? DEFAULT_RESEND_COOLDOWN_SECONDS);
      toast({ title: '認証コードを再送信しました', description: `${address}宛のメールをご確認ください` });
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        cooldown.start(error.retryAfterSeconds ?? DEFAULT_RESEND_COOLDOWN_SECONDS);
      }
      toast({ variant: 'destructive', title: 'エラー', description: errorMessageFor(error, RESEND_FAILED) });
    }
  };

  return (
    <AuthLayout
      title="メール認証"
      lead="メールでお送りした6桁の認証コードを入力してください。"
      footer={<Link to={paths.auth.login}>ログイン画面に戻る</Link>}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
        aria-label="メール認証"
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
        <TextField
          label="認証コード"
          required
          fullWidth
          value={code}
          onChange={(event) => setCode(normaliseVerificationCode(event.target.value))}
          helperText={`${VERIFICATION_CODE_LENGTH}桁の数字（有効期限は15分です）`}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              pattern: '[0-9]*',
              maxLength: VERIFICATION_CODE_LENGTH,
              style: { letterSpacing: '0.5em', fontSize: '1.25rem', textAlign: 'center' },
            },
          }}
        />
        <Typography variant="body2" color="text.secondary">
          メールが届かない場合は、迷惑メールフォルダもご確認ください。
        </Typography>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!canSubmit}>
          {verify.isMutating ? '認証中...' : '認証する'}
        </Button>
        <Button
          variant="outlined"
          fullWidth
          onClick={() => void handleResend()}
          disabled={resend.isMutating || cooldown.remaining > 0 || address === ''}
        >
          {resend.isMutating
            ? '送信中...'
            : cooldown.remaining > 0
              ? `コードを再送信（あと${cooldown.remaining}秒）`
              : 'コードを再送信'}
        </Button>
      </Box>
    </AuthLayout>
  );
}
