import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

import { PasswordField } from '@/components/ui/password-field';
import { createStaff } from '@/features/admin/api/staff';
import type { AdminRole, StaffMember } from '@/features/admin/api/types';
import { isAdminRole, ROLE_LABELS } from '@/features/admin/utils/labels';
import { errorMessageFor } from '@/lib/api-client';

/** The first password's length, as the gateway takes it (8–128 characters). */
export const STAFF_PASSWORD_MIN = 8;
export const STAFF_PASSWORD_MAX = 128;

type NewStaffDialogProps = {
  /** Called with the gateway's answer once the account exists. */
  onCreated: (member: StaffMember) => void;
  onClose: () => void;
};

type FieldErrors = { email?: string; password?: string };

/** What the form can tell before sending; the gateway checks the rest (the e-mail's form, a taken one). */
function check(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (email.trim() === '') errors.email = 'メールアドレスを入力してください';
  const length = [...password].length;
  if (length < STAFF_PASSWORD_MIN) errors.password = `パスワードは${STAFF_PASSWORD_MIN}文字以上で入力してください`;
  else if (length > STAFF_PASSWORD_MAX) errors.password = `パスワードは${STAFF_PASSWORD_MAX}文字以内で入力してください`;
  return errors;
}

/**
 * スタッフを追加 (admins only): the e-mail, the role and the first password, which the admin hands to the
 * person by another way than the e-mail (the gateway mails nothing). POST /api/admin/staff; a refusal (a
 * taken e-mail, a malformed one) is shown in the gateway's words and the form stays as typed. Sent once: the
 * form waits while the request is on its way, so a double click adds one account.
 */
export function NewStaffDialog({ onCreated, onClose }: NewStaffDialogProps) {
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('support');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = check(email, password);
    setErrors(found);
    if (found.email !== undefined || found.password !== undefined) return;
    inFlight.current = true;
    setSending(true);
    setFailure(null);
    try {
      onCreated(await createStaff({ email: email.trim(), role, password }));
    } catch (error) {
      setFailure(errorMessageFor(error, 'スタッフを追加できませんでした。もう一度お試しください'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const close = () => {
    if (!sending) onClose();
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>スタッフを追加</DialogTitle>
      <Box
        component="form"
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      >
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {failure !== null ? <Alert severity="error">{failure}</Alert> : null}
          <TextField
            label="メールアドレス"
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email !== undefined}
            helperText={errors.email}
            disabled={sending}
          />
          <TextField
            select
            label="権限"
            value={role}
            onChange={(event) => {
              const value = event.target.value;
              if (isAdminRole(value)) setRole(value);
            }}
            disabled={sending}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="support">{ROLE_LABELS.support}</option>
            <option value="admin">{ROLE_LABELS.admin}</option>
          </TextField>
          <PasswordField
            label="初期パスワード"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password !== undefined}
            helperText={
              errors.password ??
              `${STAFF_PASSWORD_MIN}〜${STAFF_PASSWORD_MAX}文字。メールでは送られません。本人には別の手段（対面や電話など）で伝えてください`
            }
            disabled={sending}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={close} disabled={sending}>
            キャンセル
          </Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {sending ? '追加中...' : '追加する'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
