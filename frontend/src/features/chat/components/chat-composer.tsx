import { forwardRef, useId, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import SendIcon from '@mui/icons-material/Send';

import { checkMessage, messageLength } from '@/features/chat/utils/message';

type ChatComposerProps = {
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** While a message is on its way: nothing more is sent (the text stays focusable, read-only). */
  sending: boolean;
  onSend: () => void;
  onAskCompatibility: () => void;
};

/**
 * The message box: Enter sends, Shift+Enter starts a new line, and Enter that confirms a Japanese input
 * method's conversion does neither. The counter says n/max; a blank or too long text is not sent.
 */
export const ChatComposer = forwardRef<HTMLTextAreaElement, ChatComposerProps>(function ChatComposer(
  { value, onChange, maxLength, sending, onSend, onAskCompatibility },
  ref,
) {
  const counterId = useId();
  const check = checkMessage(value, maxLength);
  const canSend = check === 'ok' && !sending;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      aria-label="メッセージを送る"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}
    >
      <TextField
        label="メグへのメッセージ"
        placeholder="今日の運勢、恋愛、お仕事のことなど、なんでも聞いてください"
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        inputRef={ref}
        error={check === 'too-long'}
        slotProps={{
          htmlInput: { 'aria-describedby': counterId, readOnly: sending, 'aria-busy': sending || undefined },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<FavoriteBorderIcon />}
          onClick={onAskCompatibility}
          disabled={sending}
          // The gold's dark shade: the theme's gold on white is too faint for text (WCAG 4.5:1).
          sx={{ color: 'secondary.dark', borderColor: 'secondary.dark' }}
        >
          相性を占う
        </Button>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, ml: 'auto' }}>
          <Typography id={counterId} variant="body2" color={check === 'too-long' ? 'error' : 'text.secondary'}>
            {messageLength(value)}/{maxLength}
          </Typography>
          <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={!canSend}>
            {sending ? '送信中...' : '送信'}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
});
