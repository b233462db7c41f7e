import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

import { useCreateTicket } from '@/features/support/api/support-request';
import type { TicketThread } from '@/features/support/api/types';
import { AttachmentPicker } from '@/features/support/components/attachment-picker';
import { MessageField } from '@/features/support/components/message-field';
import { usePickedImages } from '@/features/support/hooks/use-picked-images';
import {
  charCount,
  isImageCode,
  messageProblem,
  SUBJECT_MAX,
  subjectProblem,
} from '@/features/support/utils/ticket-rules';
import { errorMessageFor, isApiError } from '@/lib/api-client';

type NewTicketDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Called with the new ticket's thread once support has it. */
  onCreated: (thread: TicketThread) => void;
};

type Problems = { subject: string | null; message: string | null; images: string | null; form: string | null };
const NO_PROBLEMS: Problems = { subject: null, message: null, images: null, form: null };

/**
 * 「新しいお問い合わせ」: a subject (one line, ≤ 100 characters), a message (≤ 5000) and up to 3 screenshots
 * under it (sent as multipart/form-data; without any, JSON). The checks run before sending; when support
 * refuses, its own message is shown by the field it is about. One submission has one `requestId`, kept until
 * the ticket is opened or the text or the images change, so a double click or a retry after a lost answer
 * opens one ticket.
 */
export function NewTicketDialog({ open, onClose, onCreated }: NewTicketDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [sending, setSending] = useState(false);
  const { trigger } = useCreateTicket();
  // A ref, not state: two clicks in one frame both see `sending` false.
  const inFlight = useRef(false);
  const requestId = useRef<string | null>(null);

  const changed = () => {
    requestId.current = null;
    setProblems(NO_PROBLEMS);
  };
  const picked = usePickedImages(changed);

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    changed();
  };

  const close = () => {
    if (inFlight.current) return;
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found: Problems = { subject: subjectProblem(subject), message: messageProblem(message), images: null, form: null };
    if (found.subject || found.message) {
      setProblems(found);
      return;
    }
    inFlight.current = true;
    setSending(true);
    setProblems(NO_PROBLEMS);
    requestId.current ??= crypto.randomUUID();
    try {
      const thread = await trigger({
        body: { requestId: requestId.current, subject: subject.trim(), message: message.trim() },
        images: picked.images.map((image) => image.file),
      });
      requestId.current = null;
      setSubject('');
      setMessage('');
      picked.clear();
      onCreated(thread);
    } catch (failure) {
      const text = errorMessageFor(failure, 'お問い合わせを送信できませんでした。もう一度お試しください');
      const code = isApiError(failure) ? (failure.code ?? '') : '';
      const field = code.startsWith('TICKET_SUBJECT') ? 'subject' : code.startsWith('TICKET_MESSAGE') ? 'message' : isImageCode(code) ? 'images' : 'form';
      setProblems({ ...NO_PROBLEMS, [field]: text });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const subjectCount = charCount(subject.trim());
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          新しいお問い合わせ
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {problems.form ? <Alert severity="error">{problems.form}</Alert> : null}
          <TextField
            label="件名"
            required
            fullWidth
            autoFocus
            value={subject}
            disabled={sending}
            onChange={(event) => edit(setSubject)(event.target.value)}
            error={problems.subject !== null || subjectCount > SUBJECT_MAX}
            helperText={
              <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <span>{problems.subject ?? ''}</span>
                <span>{`${subjectCount} / ${SUBJECT_MAX}文字`}</span>
              </span>
            }
          />
          <MessageField label="お問い合わせ内容" value={message} onChange={edit(setMessage)} error={problems.message} disabled={sending} />
          <AttachmentPicker picked={picked} error={problems.images} disabled={sending} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={close} disabled={sending}>
            キャンセル
          </Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {sending ? '送信中...' : '送信する'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
