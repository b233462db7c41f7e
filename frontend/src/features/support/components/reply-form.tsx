import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

import { usePostTicketMessage } from '@/features/support/api/support-request';
import { MessageField } from '@/features/support/components/message-field';
import { messageProblem } from '@/features/support/utils/ticket-rules';
import { errorMessageFor } from '@/lib/api-client';

type ReplyFormProps = {
  ticketId: string;
  /** A closed ticket is reopened by a reply; the form says so. */
  closed: boolean;
  /** Called once the message is stored (the thread is read again). */
  onSent: () => void;
};

/** The reply box under a thread. One reply has one `requestId` until it is stored or its text changes. */
export function ReplyForm({ ticketId, closed, onSent }: ReplyFormProps) {
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { trigger } = usePostTicketMessage(ticketId);
  const inFlight = useRef(false);
  const requestId = useRef<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = messageProblem(message);
    if (found) {
      setProblem(found);
      return;
    }
    inFlight.current = true;
    setSending(true);
    setProblem(null);
    requestId.current ??= crypto.randomUUID();
    try {
      await trigger({ requestId: requestId.current, message: message.trim() });
      requestId.current = null;
      setMessage('');
      onSent();
    } catch (failure) {
      setProblem(errorMessageFor(failure, '送信できませんでした。もう一度お試しください'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="返信"
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      {closed ? <Alert severity="info">完了したお問い合わせです。返信すると再開されます</Alert> : null}
      <MessageField
        label="返信内容"
        value={message}
        minRows={3}
        disabled={sending}
        onChange={(value) => {
          setMessage(value);
          setProblem(null);
          requestId.current = null;
        }}
        error={problem}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={sending}>
          {sending ? '送信中...' : '返信する'}
        </Button>
      </Box>
    </Box>
  );
}
