import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

import { PasswordField } from '@/components/ui/password-field';
import { toast } from '@/components/ui/toast/toast-store';
import { useDeleteAccount } from '@/features/settings/api/delete-account';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { errorMessageFor } from '@/lib/api-client';

type DeleteAccountSectionProps = {
  /** Called once the account is gone (the server has ended the session). */
  onDeleted: () => void;
};

/** アカウント削除: a dialog asks for the password before the account is deleted for good. */
export function DeleteAccountSection({ onDeleted }: DeleteAccountSectionProps) {
  const { trigger, isMutating } = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  // Said inside the dialog as well: while it is open, the page behind it (toasts included) is hidden
  // from assistive technology.
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (isMutating) return;
    setOpen(false);
    setPassword('');
    setFailure(null);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating || password === '') return;
    try {
      const answer = await trigger(password);
      toast({ title: answer?.message ?? 'アカウントを削除しました' });
      onDeleted();
    } catch (error) {
      const message = errorMessageFor(error, 'アカウントの削除に失敗しました');
      setFailure(message);
      toast({ variant: 'destructive', title: 'エラー', description: message });
    }
  };

  return (
    <SettingsSection
      title="アカウント削除"
      description="アカウントと、命式・日記・会話・フレンドなどすべてのデータを削除します。元に戻すことはできません。"
      danger
    >
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        アカウントを削除する
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="delete-account-title" aria-describedby="delete-account-text">
        <Box component="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}>
          <DialogTitle id="delete-account-title">本当にアカウントを削除しますか？</DialogTitle>
          <DialogContent>
            <DialogContentText id="delete-account-text" sx={{ mb: 2 }}>
              すべてのデータが削除され、元に戻すことはできません。残っているクレジットも使えなくなります。確認のため、パスワードを入力してください。
            </DialogContentText>
            <PasswordField
              label="パスワード"
              autoComplete="current-password"
              required
              fullWidth
              autoFocus
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setFailure(null);
              }}
              error={failure !== null}
              helperText={failure ?? undefined}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={close} disabled={isMutating}>
              キャンセル
            </Button>
            <Button type="submit" variant="contained" color="error" disabled={isMutating || password === ''}>
              {isMutating ? '削除中...' : '削除する'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </SettingsSection>
  );
}
