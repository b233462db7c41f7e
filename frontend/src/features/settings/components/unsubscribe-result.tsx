import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSWRConfig } from 'swr';

import { paths } from '@/config/paths';
import { emailPreferencesKey } from '@/features/settings/api/email-preferences';
import { unsubscribe } from '@/features/settings/api/unsubscribe';
import { errorMessageFor } from '@/lib/api-client';

/** The page's frame (the route gives the account screens' card). */
export type UnsubscribeFrame = ComponentType<{ title: string; focusTitleOnChange?: boolean; children: ReactNode }>;

type UnsubscribeResultProps = {
  /** From the mail's link (`?token=`). */
  token: string | null;
  signedIn: boolean;
  frame: UnsubscribeFrame;
};

/** Said when the page is opened without a token (a link cut short); the gateway is not asked. */
export const UNSUBSCRIBE_LINK_BROKEN = '配信停止リンクが正しくありません。メールのリンクをもう一度開いてください。';

type State = { status: 'working' } | { status: 'done'; label: string } | { status: 'failed'; message: string };

/**
 * /unsubscribe?token=…, the link in every notification mail: sends the token once as the page opens and
 * says which mail was turned off, or why not (a used or forged link gets the gateway's message). Works
 * signed in or not; then leads to /settings (signed out: to login first).
 */
export function UnsubscribeResult({ token, signedIn, frame: Frame }: UnsubscribeResultProps) {
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<State>(() =>
    token ? { status: 'working' } : { status: 'failed', message: UNSUBSCRIBE_LINK_BROKEN },
  );
  // The token is single-use: a second request (React's development double effects) would be refused.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    unsubscribe(token).then(
      (answer) => {
        setState({ status: 'done', label: answer.label });
        void mutate(emailPreferencesKey());
      },
      (error: unknown) =>
        setState({ status: 'failed', message: errorMessageFor(error, '配信を停止できませんでした。しばらくしてからお試しください') }),
    );
  }, [token, mutate]);

  if (state.status === 'working') {
    return (
      <Frame title="メール配信の停止">
        <Box role="status" sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress aria-hidden="true" />
          <Typography>配信を停止しています...</Typography>
        </Box>
      </Frame>
    );
  }

  const next = signedIn
    ? { to: paths.settings, label: 'メール通知設定を開く' }
    : { to: paths.auth.login, label: 'ログインして設定を見る' };

  return (
    <Frame title={state.status === 'done' ? 'メールの配信を停止しました' : '配信を停止できませんでした'} focusTitleOnChange>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {state.status === 'done' ? (
          <Alert severity="success" role="status">
            「{state.label}」のお知らせメールは今後届きません。設定画面からいつでも元に戻せます。
          </Alert>
        ) : (
          <Alert severity="error">{state.message}</Alert>
        )}
        <Button component={RouterLink} to={next.to} variant="contained" size="large" fullWidth>
          {next.label}
        </Button>
      </Box>
    </Frame>
  );
}
