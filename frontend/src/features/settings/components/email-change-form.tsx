import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { PasswordField } from '@/components/ui/password-field';
import { toast } from '@/components/ui/toast/toast-store';
import { useChangeEmail } from '@/features/settings/api/change-email';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { errorMessageFor } from '@/lib/api-client';
import { EMAIL_INVALID, isValidEmail } from '@/lib/account-validation';

type EmailChangeFormProps = {
  email: string;
  /** An address waiting for its confirmation link, if any. */
  pendingEmail: string | null;
  onSaved: () => void;
};

/** メールアドレス変更: the new address gets a confirmation link; the current password confirms the request. */
export function EmailChangeForm({ email, pendingEmail, onSaved }: EmailChangeFormProps) {
  const { trigger, isMutating } = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  // The answer names the pending address before the re-read user does.
  const [requested, setRequested] = useState<string | null>(null);
  const pending = requested ?? pendingEmail;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    const address = newEmail.trim();
    if (!isValidEmail(address)) {
      setEmailError(EMAIL_INVALID);
      return;
    }
    if (address.toLowerCase() === email.toLowerCase()) {
      setEmailError('現在と同じメールアドレスです');
      return;
    }
    setEmailError(null);
    try {
      const answer = await trigger({ newEmail: address, currentPassword });
      setRequested(answer?.pendingEmail ?? address);
      setNewEmail('');
      setCurrentPassword('');
      toast({ title: '確認メールを送信しました', description: 'メールのリンクを開くと変更が完了します' });
      onSaved();
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'エラー',
        description: errorMessageFor(failure, 'メールアドレスの変更に失敗しました'),
      });
    }
  };

  return (
    <SettingsSection title="メールアドレス変更">
      <Typography variant="body2" sx={{ mb: 2 }}>
        現在のメールアドレス：
        <Box component="span" sx={{ fontWeight: 700, wordBreak: 'break-all' }}>
          {email}
        </Box>
      </Typography>
      {pending ? (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          <Box component="span" sx={{ fontWeight: 700, wordBreak: 'break-all' }}>
            {pending}
          </Box>{' '}
          への変更を確認中です。そのアドレスに届いたメールのリンクを開くと変更が完了します。迷惑メールフォルダもご確認ください。
        </Alert>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
        aria-label="メールアドレスの変更"
        sx={{ display: 'grid', gap: 2 }}
      >
        <TextField
          label="新しいメールアドレス"
          type="email"
          autoComplete="email"
          required
          fullWidth
          value={newEmail}
          onChange={(event) => {
            setNewEmail(event.target.value);
            setEmailError(null);
          }}
          error={emailError !== null}
          helperText={emailError ?? undefined}
          slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
        />
        <PasswordField
          label="現在のパスワード"
          autoComplete="current-password"
          required
          fullWidth
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={isMutating || newEmail.trim() === '' || currentPassword === ''}
          >
            {isMutating ? '送信中...' : '確認メールを送信'}
          </Button>
        </Box>
      </Box>
    </SettingsSection>
  );
}
