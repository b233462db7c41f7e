import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { toast } from '@/components/ui/toast/toast-store';
import { useVisitorConsent, type VisitorConsent } from '@/features/analytics/api/visitor-consent';
import { useAnswerVisitorConsent } from '@/features/analytics/hooks/use-answer-visitor-consent';
import { saveNoticeAnswer } from '@/features/analytics/utils/notice-answer';

type VisitorAnalyticsDialogProps = {
  open: boolean;
  onClose: () => void;
};

type ConsentFormProps = {
  current: VisitorConsent;
  busy: boolean;
  onSave: (analytics: boolean, deleteCollected: boolean) => void;
  onCancel: () => void;
};

/** The switch (as stored until changed), 「これまでの記録も削除する」 when turning it off, and the buttons. */
function ConsentForm({ current: stored, busy, onSave, onCancel }: ConsentFormProps) {
  // What was stored when the dialog opened: a "no" on its way shows in the cache at once, not in the form.
  const [current] = useState(stored);
  const [analytics, setAnalytics] = useState(current.analytics);
  const [deleteCollected, setDeleteCollected] = useState(false);
  const stopping = current.analytics && !analytics;
  return (
    <>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5, fontWeight: 700 }}>
          {current.analytics ? '現在、このブラウザでの記録に同意しています。' : '現在、このブラウザでの利用状況は記録していません。'}
        </Typography>
        <FormControlLabel
          label="このブラウザでの利用状況の記録に同意する"
          control={<Switch checked={analytics} onChange={(event) => setAnalytics(event.target.checked)} />}
          sx={{ mx: 0, width: '100%', justifyContent: 'space-between', gap: 2 }}
          labelPlacement="start"
        />
        {stopping ? (
          <FormControlLabel
            label="これまでの記録も削除する"
            control={<Checkbox checked={deleteCollected} onChange={(event) => setDeleteCollected(event.target.checked)} />}
            sx={{ mt: 1 }}
          />
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={onCancel} disabled={busy}>
          キャンセル
        </Button>
        <Button
          variant="contained"
          onClick={() => onSave(analytics, stopping && deleteCollected)}
          disabled={busy || analytics === current.analytics}
        >
          {busy ? '保存中...' : '保存する'}
        </Button>
      </DialogActions>
    </>
  );
}

function savedMessage(analytics: boolean, deleteCollected: boolean): string {
  if (analytics) return '利用状況の記録に同意しました';
  return deleteCollected ? '記録を停止し、これまでの記録を削除しました' : '利用状況の記録を停止しました';
}

/**
 * 「利用状況の記録」 from the public footer: where a visitor changes their answer later. Shows what this
 * browser agreed to, with a switch; turning it off can also delete what was recorded (`deleteCollected`).
 * Give it a new `key` for each opening, so the switch starts from what is stored.
 */
export function VisitorAnalyticsDialog({ open, onClose }: VisitorAnalyticsDialogProps) {
  const titleId = useId();
  const textId = useId();
  const consent = useVisitorConsent();
  const { send, sending } = useAnswerVisitorConsent();

  const close = () => {
    if (!sending) onClose();
  };

  const save = async (analytics: boolean, deleteCollected: boolean) => {
    if (!(await send(deleteCollected ? { analytics, deleteCollected } : { analytics }))) return;
    saveNoticeAnswer(analytics ? 'granted' : 'denied');
    toast({ title: savedMessage(analytics, deleteCollected) });
    onClose();
  };

  let body;
  if (consent.data) {
    body = (
      <ConsentForm
        current={consent.data}
        busy={sending}
        onSave={(analytics, deleteCollected) => void save(analytics, deleteCollected)}
        onCancel={close}
      />
    );
  } else if (consent.error) {
    body = (
      <DialogContent>
        <LoadErrorBlock message="設定を読み込めませんでした。" onRetry={() => void consent.mutate()} />
      </DialogContent>
    );
  } else {
    body = (
      <DialogContent>
        <LoadingBlock label="設定を読み込み中" />
      </DialogContent>
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>利用状況の記録</DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        <DialogContentText id={textId}>
          同意いただいた場合、サービス改善のため、このブラウザで閲覧したページなどを記録します。個人を特定する目的には使いません。同意はいつでも取り消せます。
        </DialogContentText>
      </DialogContent>
      {body}
    </Dialog>
  );
}
