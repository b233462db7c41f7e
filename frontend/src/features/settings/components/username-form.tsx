import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

import { toast } from '@/components/ui/toast/toast-store';
import { useUpdateUsername } from '@/features/settings/api/update-username';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { errorMessageFor } from '@/lib/api-client';
import { isValidUsername, USERNAME_HELP, USERNAME_INVALID } from '@/lib/account-validation';
import { normalizeUsername } from '@/lib/username';

type UsernameFormProps = {
  currentUsername: string | null;
  /** Called after the server accepted the change (the screen re-reads the user). */
  onSaved: () => void;
};

export function UsernameForm({ currentUsername, onSaved }: UsernameFormProps) {
  const { trigger, isMutating } = useUpdateUsername();
  const [username, setUsername] = useState(currentUsername ?? '');
  const [error, setError] = useState<string | null>(null);
  // What identity will store: the send, the unchanged check and the toast all use it.
  const value = normalizeUsername(username);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    if (!isValidUsername(value)) {
      setError(USERNAME_INVALID);
      return;
    }
    setError(null);
    try {
      await trigger(value);
      toast({ title: 'ユーザー名を変更しました', description: `新しいユーザー名は「${value}」です` });
      onSaved();
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'エラー',
        description: errorMessageFor(failure, 'ユーザー名の変更に失敗しました'),
      });
    }
  };

  return (
    <SettingsSection title="ユーザー名" description="フレンド検索やメンション（@ユーザー名）に使われます。">
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
        aria-label="ユーザー名の変更"
        sx={{ display: 'grid', gap: 2 }}
      >
        <TextField
          label="ユーザー名"
          autoComplete="username"
          required
          fullWidth
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? USERNAME_HELP}
          // No maxLength: the rule counts characters after NFKC (ｶﾞ is one), which the attribute cannot.
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={isMutating || value === '' || value === currentUsername}>
            {isMutating ? '保存中...' : 'ユーザー名を変更'}
          </Button>
        </Box>
      </Box>
    </SettingsSection>
  );
}
