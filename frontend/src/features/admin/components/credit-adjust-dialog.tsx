import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';

import { adjustCredits } from '@/features/admin/api/users';
import type { CreditAdjustmentAnswer } from '@/features/admin/api/types';
import {
  AMOUNT_MAX,
  DIRECTION_LABELS,
  REASON_MAX,
  adjustmentDelta,
  adjustmentProblems,
  parseAmount,
  reasonLength,
  type AdjustmentDirection,
} from '@/features/admin/utils/credit-adjustment';
import { errorMessageFor } from '@/lib/api-client';

/** When no answer came (the network, or a gateway with no message): sending again is safe. */
const SEND_FAILED = '調整できませんでした。もう一度お試しください（同じ内容で送り直しても二重には反映されません）';

type CreditAdjustDialogProps = {
  open: boolean;
  userId: string;
  /** The balance as the page shows it, for the preview (the gateway decides with its own). */
  balance: number;
  onClose: () => void;
  /** Called with the gateway's answer once the adjustment is stored (the dialog is then closed by the caller). */
  onDone: (answer: CreditAdjustmentAnswer) => void;
};

/**
 * 「クレジットを調整」 (admins only): 付与 or 減算, an amount of 1–100000 and a required reason (kept with the
 * ledger entry for staff; the member sees 運営による調整). One opening of the dialog is one adjustment: its
 * `requestId` is made at the first submission and sent again on every retry after an error, so a double
 * click, or a retry after an answer that was lost, changes the balance once (the gateway answers the first
 * adjustment again). The caller mounts a new dialog (a new `key`) for each opening, which gets a new id.
 */
export function CreditAdjustDialog({ open, userId, balance, onClose, onDone }: CreditAdjustDialogProps) {
  const titleId = useId();
  const [direction, setDirection] = useState<AdjustmentDirection>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  // Stored: the dialog is closing, and a click that lands meanwhile sends nothing more.
  const [done, setDone] = useState(false);
  const requestId = useRef<string | null>(null);

  const problems = adjustmentProblems(amount, reason);
  const parsed = parseAmount(amount);
  const deduct = direction === 'deduct';
  const count = reasonLength(reason.trim());

  const close = () => {
    if (!inFlight.current) onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || done) return;
    setChecked(true);
    if (parsed === null || problems.reason !== null) return;
    inFlight.current = true;
    setSending(true);
    setFailure(null);
    requestId.current ??= crypto.randomUUID();
    try {
      const answer = await adjustCredits(userId, {
        requestId: requestId.current,
        delta: adjustmentDelta(direction, parsed),
        reason: reason.trim(),
      });
      setDone(true);
      onDone(answer);
    } catch (error) {
      setFailure(errorMessageFor(error, SEND_FAILED));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const amountError = checked && problems.amount !== null;
  const reasonError = (checked && problems.reason !== null) || count > REASON_MAX;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>クレジットを調整</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color={deduct ? 'error' : 'primary'}
            value={direction}
            onChange={(_event, next: AdjustmentDirection | null) => {
              if (next !== null) setDirection(next);
            }}
            aria-label="調整の種類"
            disabled={sending}
          >
            <ToggleButton value="grant">{DIRECTION_LABELS.grant}</ToggleButton>
            <ToggleButton value="deduct">{DIRECTION_LABELS.deduct}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label="数量（クレジット）"
            required
            value={amount}
            disabled={sending}
            onChange={(event) => setAmount(event.target.value)}
            error={amountError}
            helperText={amountError ? problems.amount : `1〜${AMOUNT_MAX}`}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
          <TextField
            label="理由"
            required
            multiline
            minRows={2}
            value={reason}
            disabled={sending}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError}
            helperText={
              <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <span>{reasonError ? problems.reason : ''}</span>
                <span>{`${count} / ${REASON_MAX}文字`}</span>
              </span>
            }
          />
          <Typography variant="caption" color="text.secondary">
            理由は台帳と監査ログに残り、スタッフだけが読めます。会員には「運営による調整」と表示されます。
          </Typography>
          <Typography variant="body2" aria-live="polite">
            {parsed === null
              ? `現在の残高: ${balance}クレジット`
              : `残高: ${balance} → ${balance + adjustmentDelta(direction, parsed)}クレジット`}
          </Typography>
          {failure !== null ? <Alert severity="error">{failure}</Alert> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={close} disabled={sending}>
            キャンセル
          </Button>
          <Button type="submit" variant="contained" color={deduct ? 'error' : 'primary'} disabled={sending || done}>
            {sending ? '処理中...' : `${DIRECTION_LABELS[direction]}する`}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
