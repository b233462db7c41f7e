import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';

type DayFieldProps = {
  label: string;
  /** `YYYY-MM-DD`, or '' while none is chosen. */
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max: string;
  invalid: boolean;
  helperText?: string;
};

/** A day picked with the browser's date input, bounded by `min` and `max` (`YYYY-MM-DD`). */
export function DayField({ label, value, onChange, min, max, invalid, helperText }: DayFieldProps) {
  return (
    <TextField
      label={label}
      type="date"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={invalid}
      helperText={helperText}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
      sx={{ maxWidth: 220 }}
    />
  );
}

/** The form of a new or changed entry: Enter in a field or the submit button runs `onSubmit`. */
export function EntryForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      {children}
    </Box>
  );
}
