import { useCallback } from 'react';
import Box from '@mui/material/Box';

import { SelectField, type SelectOption } from '@/components/ui/select-field';
import type { TimeParts } from '@/lib/birth-fields';

const pad2 = (n: number) => String(n).padStart(2, '0');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const HOUR_OPTIONS: SelectOption[] = range(0, 23).map((h) => ({ value: pad2(h), label: `${pad2(h)}時` }));
const MINUTE_OPTIONS: SelectOption[] = range(0, 59).map((m) => ({ value: pad2(m), label: `${pad2(m)}分` }));

type BirthTimeSelectProps = {
  value: TimeParts;
  onChange: (value: TimeParts) => void;
  disabled?: boolean;
};

/** Hour 00-23 and minute 00-59 selects. */
export function BirthTimeSelect({ value, onChange, disabled }: BirthTimeSelectProps) {
  const setHour = useCallback((hour: string) => onChange({ ...value, hour }), [onChange, value]);
  const setMinute = useCallback((minute: string) => onChange({ ...value, minute }), [onChange, value]);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
      <SelectField label="時" value={value.hour} options={HOUR_OPTIONS} onChange={setHour} disabled={disabled} />
      <SelectField label="分" value={value.minute} options={MINUTE_OPTIONS} onChange={setMinute} disabled={disabled} />
    </Box>
  );
}
