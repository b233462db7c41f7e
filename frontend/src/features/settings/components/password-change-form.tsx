import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

import { PasswordField } from '@/components/ui/password-field';
import { toast } from '@/components/ui/toast/toast-store';
import { useChangePassword } from '@/features/settings/api/change-password';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { errorMessageFor } from '@/lib/api-client';
import {
  isLongEnoughPassword,
  PASSWORD_HELP,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
} from '@/lib/account-validation';

type Errors = { newPassword?: string; confirmation?: string };

/** パスワード変更: current, new and the new one again. Other devices are signed out by the server. */
export function PasswordChangeForm() {
  const { trigger, isMutating } = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    const found: Errors = {};
    if (newPassword !== confirmation) found.confirmation = PASSWORDS_DIFFER;
    else if (!isLongEnoughPassword(newPassword)) found.newPassword = PASSWORD_TOO_SHORT;
    setErrors(found);
    const problem = found.confirmation ?? found.newPassword;
    if (problem) {
      toast({ variant: 'destructive', title: problem });
      return;
    }
    try {
      const answer = await trigger({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
      toast({
        title: answer?.message ?? 'パスワードを変更しました',
        description: 'ほかの端末ではもう一度ログインが必要です',
      });
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'エラー',
        description: errorMessageFor(failure, 'パスワードの変更に失敗しました'),
      });
    }
  };

  return (
    <SettingsSection title="パスワード変更" description="変更すると、ほかの端末ではログアウトされます。">
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
        aria-label="パスワードの変更"
        sx={{ display: 'grid', gap: 2 }}
      >
        <PasswordField
          label="現在のパスワード"
          autoComplete="current-password"
          required
          fullWidth
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <PasswordField
          label="新しいパスワード"
          autoComplete="new-password"
          required
          fullWidth
          value={newPassword}
          onChange={(event) => {
            setNewPassword(event.target.value);
            setErrors({});
          }}
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword ?? PASSWORD_HELP}
        />
        <PasswordField
          label="新しいパスワード（確認）"
          autoComplete="new-password"
          required
          fullWidth
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            setErrors({});
          }}
          error={Boolean(errors.confirmation)}
          helperText={errors.confirmation ?? 'もう一度入力してください'}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={isMutating || currentPassword === '' || newPassword === '' || confirmation === ''}
          >
            {isMutating ? '変更中...' : 'パスワードを変更'}
          </Button>
        </Box>
      </Box>
    </SettingsSection>
  );
}
