import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSWRConfig } from 'swr';

import { toast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { confirmEmailChange } from '@/features/auth/api/confirm-email-change';
import { userKey } from '@/features/auth/api/get-user';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { errorMessageFor } from '@/lib/api-client';

export const CONFIRM_EMAIL_FAILED = 'メールアドレスの変更に失敗しました';
export const CONFIRM_EMAIL_LINK_BROKEN = '無効な確認リンクです';

type ConfirmEmailChangeProps = {
  /** From the link in the confirmation mail. */
  token: string | null;
};

type State = { status: 'working' } | { status: 'done'; email: string } | { status: 'failed'; message: string };

/**
 * /auth/confirm-email: confirms a new address with the token from the mail, once, as soon as the page
 * opens. Works signed in or not; a signed-in person's data is re-read so the new address shows.
 */
export function ConfirmEmailChange({ token }: ConfirmEmailChangeProps) {
  const { mutate } = useSWRConfig();
  const auth = useAuth();
  const [state, setState] = useState<State>(() =>
    token ? { status: 'working' } : { status: 'failed', message: CONFIRM_EMAIL_LINK_BROKEN },
  );
  // The token is single-use: a second request (React's development double effects) would fail.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirmEmailChange(token).then(
      (answer) => {
        setState({ status: 'done', email: answer.email });
        toast({ title: 'メールアドレス変更完了', description: answer.message });
        void mutate(userKey());
      },
      (error: unknown) => {
        const message = errorMessageFor(error, CONFIRM_EMAIL_FAILED);
        setState({ status: 'failed', message });
        toast({ variant: 'destructive', title: 'エラー', description: message });
      },
    );
  }, [token, mutate]);

  const next =
    auth.status === 'signed-in'
      ? { to: paths.settings, label: '設定に戻る' }
      : { to: paths.auth.login, label: 'ログインへ' };

  if (state.status === 'working') {
    return (
      <AuthLayout title="メールアドレスの確認">
        <Box role="status" sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress aria-hidden="true" />
          <Typography>確認中...</Typography>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={state.status === 'done' ? 'メールアドレスを変更しました' : 'メールアドレスを変更できませんでした'}
      focusTitleOnChange
    >
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {state.status === 'done' ? (
          <Alert severity="success" role="status">
            これからは{' '}
            <Box component="strong" sx={{ wordBreak: 'break-all' }}>
              {state.email}
            </Box>{' '}
            でログインしてください。
          </Alert>
        ) : (
          <Alert severity="error">
            {state.message}
            <br />
            リンクの有効期限が切れている場合は、設定画面からもう一度お手続きください。
          </Alert>
        )}
        <Button component={RouterLink} to={next.to} variant="contained" size="large" fullWidth>
          {next.label}
        </Button>
      </Box>
    </AuthLayout>
  );
}
