import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';

import { postAdminMessage } from '@/features/admin/api/tickets';
import { clearDraft, readDraft, saveDraft } from '@/features/admin/stores/drafts';
import { DEFAULT_STAFF_NAME } from '@/features/admin/utils/labels';
import { AUTHOR_NAME_MAX, BODY_MAX, charCount, composerProblem } from '@/features/admin/utils/message-rules';
import { errorMessageFor } from '@/lib/api-client';

type Mode = 'reply' | 'note';

type TicketComposerProps = {
  ticketId: string;
  /** Whether a reply can reach the member (not when the account is gone): otherwise only notes. */
  canReply: boolean;
  /** Called once the message is stored (the thread and the inbox are read again). */
  onSent: () => Promise<void>;
};

const SEND_FAILED = '送信できませんでした。もう一度お試しください';

/**
 * Under the thread: a reply to the member (mailed; the button says so) or an internal note (staff only),
 * chosen with the toggle. One submission has one `requestId` until the gateway has stored it, so a double
 * click or a retry stores it once; the text stays when sending fails, and stays in this tab (stores/drafts)
 * if the session runs out meanwhile.
 */
export function TicketComposer({ ticketId, canReply, onSent }: TicketComposerProps) {
  const [draft] = useState(() => readDraft(ticketId));
  const [mode, setMode] = useState<Mode>(canReply && draft?.internal !== true ? 'reply' : 'note');
  const [body, setBody] = useState(draft?.body ?? '');
  const [authorName, setAuthorName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<Mode | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const requestId = useRef<string | null>(null);

  const note = mode === 'note';

  /** Anything edited makes it another message: it gets its own requestId. */
  const edited = () => {
    requestId.current = null;
    setProblem(null);
    setSent(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = composerProblem(body, note ? '' : authorName);
    if (found !== null) {
      setProblem(found);
      return;
    }
    inFlight.current = true;
    setSending(true);
    setProblem(null);
    setSent(null);
    requestId.current ??= crypto.randomUUID();
    const name = authorName.trim();
    try {
      await postAdminMessage(ticketId, {
        requestId: requestId.current,
        body: body.trim(),
        internal: note,
        ...(!note && name !== '' ? { authorName: name } : {}),
      });
      requestId.current = null;
      setBody('');
      clearDraft(ticketId);
      setSent(mode);
      await onSent();
    } catch (failure) {
      setProblem(errorMessageFor(failure, SEND_FAILED));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const count = charCount(body);

  return (
    <Box
      component="form"
      noValidate
      aria-label={note ? '社内メモを書く' : '会員に返信する'}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_event, next: Mode | null) => {
          if (next === null || next === mode) return;
          setMode(next);
          saveDraft(ticketId, { body, internal: next === 'note' });
          edited();
        }}
        aria-label="書くもの"
        disabled={sending}
      >
        <ToggleButton value="reply" disabled={!canReply}>
          <MailOutlinedIcon fontSize="small" sx={{ mr: 0.75 }} aria-hidden="true" />
          返信
        </ToggleButton>
        <ToggleButton value="note">
          <LockOutlinedIcon fontSize="small" sx={{ mr: 0.75 }} aria-hidden="true" />
          社内メモ
        </ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary">
        {note
          ? 'スタッフだけが読めるメモです。会員には表示もメールもされません。'
          : '会員のスレッドに表示され、会員にメールで届きます。'}
        {canReply ? null : ' 退会済みの会員には返信できません。'}
      </Typography>
      <TextField
        label={note ? 'メモ' : '返信内容'}
        required
        fullWidth
        multiline
        minRows={4}
        value={body}
        disabled={sending}
        onChange={(event) => {
          setBody(event.target.value);
          saveDraft(ticketId, { body: event.target.value, internal: note });
          edited();
        }}
        error={problem !== null || count > BODY_MAX}
        helperText={
          <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <span>{problem ?? ''}</span>
            <span>{`${count} / ${BODY_MAX}文字`}</span>
          </span>
        }
        sx={
          note
            ? (theme) => ({ '& .MuiOutlinedInput-root': { bgcolor: alpha(theme.palette.warning.main, 0.08) } })
            : undefined
        }
      />
      {note ? null : (
        <TextField
          label="差出人名（会員に表示されます）"
          size="small"
          fullWidth
          value={authorName}
          placeholder={DEFAULT_STAFF_NAME}
          disabled={sending}
          helperText={`空欄なら「${DEFAULT_STAFF_NAME}」。${AUTHOR_NAME_MAX}文字まで`}
          onChange={(event) => {
            setAuthorName(event.target.value);
            edited();
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      {sent !== null ? (
        <Alert severity="success" role="status">
          {sent === 'note' ? '社内メモを保存しました' : '返信を送信しました。会員にメールで届きます'}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" color={note ? 'warning' : 'primary'} disabled={sending}>
          {sending ? '送信中...' : note ? '社内メモを保存' : '返信して会員にメールする'}
        </Button>
      </Box>
    </Box>
  );
}
