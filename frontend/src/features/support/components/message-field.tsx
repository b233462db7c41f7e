import TextField from '@mui/material/TextField';

import { charCount, MESSAGE_MAX } from '@/features/support/utils/ticket-rules';

type MessageFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  minRows?: number;
  disabled?: boolean;
};

/**
 * A message of up to 5000 characters with a counter (the new-ticket form and the reply box). No `maxLength`:
 * the attribute counts UTF-16 units, not characters; the form checks the length instead.
 */
export function MessageField({ label, value, onChange, error, minRows = 5, disabled = false }: MessageFieldProps) {
  const count = charCount(value);
  return (
    <TextField
      label={label}
      required
      fullWidth
      multiline
      minRows={minRows}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      error={error !== null || count > MESSAGE_MAX}
      helperText={
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span>{error ?? ''}</span>
          <span>{`${count} / ${MESSAGE_MAX}文字`}</span>
        </span>
      }
    />
  );
}
