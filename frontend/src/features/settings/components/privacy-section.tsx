import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

import { LoadingBlock } from '@/components/ui/load-state';
import { toast } from '@/components/ui/toast/toast-store';
import { useConsent, useUpdateConsent, type Consent, type ConsentChange } from '@/features/settings/api/consent';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { StopAnalyticsDialog } from '@/features/settings/components/stop-analytics-dialog';
import { errorMessageFor } from '@/lib/api-client';

type ConsentName = 'analyticsConsent' | 'marketingConsent';

const SWITCHES: readonly { name: ConsentName; label: string; help: string }[] = [
  {
    name: 'analyticsConsent',
    label: '利用状況の分析に協力する',
    help: '閲覧したページや使った機能を記録し、サービスの改善に使います。個人を特定する目的には使いません。',
  },
  {
    name: 'marketingConsent',
    label: 'お知らせやキャンペーンのメールを受け取る',
    help: '新しい機能やキャンペーンのお知らせをメールでお届けします。',
  },
];

type ConsentSwitchProps = {
  label: string;
  help: string;
  checked: boolean;
  onChange: (on: boolean) => void;
};

/** One consent: the switch, and below it what saying yes means (its description). */
function ConsentSwitch({ label, help, checked, onChange }: ConsentSwitchProps) {
  const helpId = useId();
  return (
    <Box sx={{ py: 0.5 }}>
      <FormControlLabel
        label={label}
        labelPlacement="start"
        control={
          <Switch
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        sx={{ mx: 0, width: '100%', justifyContent: 'space-between', gap: 2 }}
      />
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ pr: 8 }}>
        {help}
      </Typography>
    </Box>
  );
}

/** What the change leaves the consents at, for the switch to move before the server answers. */
function applied(current: Consent, change: ConsentChange): Consent {
  return {
    ...current,
    analyticsConsent: change.analyticsConsent ?? current.analyticsConsent,
    marketingConsent: change.marketingConsent ?? current.marketingConsent,
  };
}

function savedMessage(change: ConsentChange): string {
  if (change.analyticsConsent === false) {
    return change.deleteCollected ? '利用状況の記録を停止し、これまでの記録を削除しました' : '利用状況の記録を停止しました';
  }
  return 'プライバシー設定を保存しました';
}

/**
 * プライバシー: the analytics and marketing consents, saved as soon as a switch is flipped (as the e-mail
 * preferences are). Turning analytics off asks first whether what was recorded should be deleted too.
 */
export function PrivacySection() {
  const { data, error, mutate } = useConsent();
  const { trigger } = useUpdateConsent();
  const [stopping, setStopping] = useState(false);

  const save = async (shown: Consent, change: ConsentChange) => {
    try {
      await trigger(change, { optimisticData: (current?: Consent) => applied(current ?? shown, change) });
      toast({ title: savedMessage(change) });
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'エラー',
        description: errorMessageFor(failure, 'プライバシー設定の保存に失敗しました'),
      });
    }
  };

  const toggle = (shown: Consent, name: ConsentName, on: boolean) => {
    if (name === 'analyticsConsent' && !on) {
      setStopping(true);
      return;
    }
    void save(shown, { [name]: on });
  };

  const stop = (shown: Consent, deleteCollected: boolean) => {
    setStopping(false);
    void save(shown, deleteCollected ? { analyticsConsent: false, deleteCollected: true } : { analyticsConsent: false });
  };

  let body;
  if (data) {
    body = (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {SWITCHES.map(({ name, label, help }) => (
          <ConsentSwitch
            key={name}
            label={label}
            help={help}
            checked={data[name]}
            onChange={(on) => toggle(data, name, on)}
          />
        ))}
        <StopAnalyticsDialog
          open={stopping}
          onStop={(deleteCollected) => stop(data, deleteCollected)}
          onClose={() => setStopping(false)}
        />
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
        プライバシー設定を読み込めませんでした。しばらくしてからもう一度お試しください。
      </Alert>
    );
  } else {
    body = <LoadingBlock label="プライバシー設定を読み込み中" />;
  }

  return (
    <SettingsSection title="プライバシー" description="利用状況の記録とお知らせメールへの同意を、いつでも変えられます。">
      {body}
    </SettingsSection>
  );
}
