import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

import { toast } from '@/components/ui/toast/toast-store';
import {
  useEmailPreferences,
  useUpdateEmailPreferences,
  type EmailPreferenceName,
  type EmailPreferences,
} from '@/features/settings/api/email-preferences';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { errorMessageFor } from '@/lib/api-client';

const LABELS: readonly (readonly [EmailPreferenceName, string])[] = [
  ['friendRequestReceived', '友達リクエストを受け取ったとき'],
  ['friendRequestAccepted', '友達リクエストが承認されたとき'],
  ['mentionedInDiary', '日記でメンションされたとき'],
  ['futureDiaryDelivery', '未来日記が届いたとき'],
  ['inactivityReminder', 'しばらくログインしていないときのお知らせ'],
];

/** メール通知設定: one switch per kind of e-mail, saved as soon as it is flipped. */
export function EmailPreferencesForm() {
  const { data, error, isLoading, mutate } = useEmailPreferences();
  const { trigger } = useUpdateEmailPreferences();

  const toggle = async (shown: EmailPreferences, name: EmailPreferenceName, on: boolean) => {
    const change: Partial<EmailPreferences> = { [name]: on };
    try {
      await trigger(change, {
        optimisticData: (current?: EmailPreferences) => ({ ...(current ?? shown), ...change }),
      });
      toast({ title: 'メール通知設定を保存しました' });
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'エラー',
        description: errorMessageFor(failure, 'メール通知設定の保存に失敗しました'),
      });
    }
  };

  let body;
  if (data) {
    body = (
      <Box sx={{ display: 'grid' }}>
        {LABELS.map(([name, label]) => (
          <FormControlLabel
            key={name}
            label={label}
            labelPlacement="start"
            control={<Switch checked={data[name]} onChange={(event) => void toggle(data, name, event.target.checked)} />}
            sx={{ mx: 0, py: 0.5, justifyContent: 'space-between', gap: 2 }}
          />
        ))}
      </Box>
    );
  } else if (error) {
    body = (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void mutate()}>
            再読み込み
          </Button>
        }
      >
        メール通知設定を読み込めませんでした。しばらくしてからもう一度お試しください。
      </Alert>
    );
  } else if (isLoading) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label="メール通知設定を読み込み中" />
      </Box>
    );
  }

  return (
    <SettingsSection title="メール通知設定" description="お知らせメールを受け取るタイミングを選べます。">
      {body}
    </SettingsSection>
  );
}
