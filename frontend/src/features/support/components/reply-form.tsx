import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

import type { NewTicketMessage } from '@/features/support/api/types';
import { AttachmentPicker } from '@/features/support/components/attachment-picker';
import { MessageField } from '@/features/support/components/message-field';
import { usePickedImages } from '@/features/support/hooks/use-picked-images';
import { isImageCode, messageProblem } from '@/features/support/utils/ticket-rules';
import { errorMessageFor, isApiError } from '@/lib/api-client';

type ReplyFormProps = {
  /** A closed ticket is reopened by a reply; the form says so. */
  closed: boolean;
  /** Stores the reply with the screenshots chosen; rejects with support's refusal. */
  send: (reply: NewTicketMessage, images: readonly File[]) => Promise<unknown>;
  /** Whether screenshots can go with it (the signed-in thread); the reply link's page takes text only. */
  withImages?: boolean;
  /**
   * What to show above the box instead of the usual message under it, for a refusal the page knows better
   * (the reply link's page: a link that stopped working). Null for the usual.
   */
  refusalNotice?: (failure: unknown) => ReactNode;
};

type Problems = { message: string | null; images: string | null; notice: ReactNode };
const NO_PROBLEMS: Problems = { message: null, images: null, notice: null };

/**
 * The reply box under a thread: the text (≤ 5000 characters) and, signed in, up to 3 screenshots. One reply
 * has one `requestId` until it is stored or its text or images change, so a double click or a retry stores
 * it once. The text stays when the send fails; once stored, 「返信を送信しました」 says so.
 */
export function ReplyForm({ closed, send, withImages = true, refusalNotice }: ReplyFormProps) {
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const inFlight = useRef(false);
  const requestId = useRef<string | null>(null);

  const changed = () => {
    setProblems(NO_PROBLEMS);
    setSent(false);
    requestId.current = null;
  };
  const picked = usePickedImages(changed);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = messageProblem(message);
    if (found) {
      setProblems({ ...NO_PROBLEMS, message: found });
      return;
    }
    inFlight.current = true;
    setSending(true);
    setProblems(NO_PROBLEMS);
    setSent(false);
    requestId.current ??= crypto.randomUUID();
    try {
      await send(
        { requestId: requestId.current, message: message.trim() },
        picked.images.map((image) => image.file),
      );
      requestId.current = null;
      setMessage('');
      picked.clear();
      setSent(true);
    } catch (failure) {
      const notice = refusalNotice?.(failure) ?? null;
      const text = errorMessageFor(failure, '送信できませんでした。もう一度お試しください');
      if (notice !== null) setProblems({ ...NO_PROBLEMS, notice });
      else if (isApiError(failure) && isImageCode(failure.code)) setProblems({ ...NO_PROBLEMS, images: text });
      else setProblems({ ...NO_PROBLEMS, message: text });
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
      {problems.notice}
      <MessageField
        label="返信内容"
        value={message}
        minRows={3}
        disabled={sending}
        onChange={(value) => {
          setMessage(value);
          changed();
        }}
        error={problems.message}
      />
      {withImages ? <AttachmentPicker picked={picked} error={problems.images} disabled={sending} /> : null}
      {sent ? (
        <Alert severity="success" role="status">
          返信を送信しました
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={sending}>
          {sending ? '送信中...' : '返信する'}
        </Button>
      </Box>
    </Box>
  );
}
