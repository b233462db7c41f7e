import { useCallback, useMemo } from 'react';
import Box from '@mui/material/Box';

import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { YEAR_CHOICES } from '@/config/constants';
import { yearChoices } from '@/lib/birth-data';
import type { DateParts } from '@/lib/birth-fields';
import { datePartLabel } from '@/lib/dates';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const MONTH_OPTIONS: SelectOption[] = range(1, 12).map((m) => ({ value: String(m), label: datePartLabel('month', m) }));
// Days are 1-31 whatever the month (spec §5); the server judges impossible dates.
const DAY_OPTIONS: SelectOption[] = range(1, 31).map((d) => ({ value: String(d), label: datePartLabel('day', d) }));

type BirthDateSelectProps = {
  value: DateParts;
  onChange: (value: DateParts) => void;
  required?: boolean;
  disabled?: boolean;
  /** The year the choices end with; the current year unless a test pins it. */
  currentYear?: number;
};

/** Year, month and day selects: the last 100 years (spec §5), months 1-12, days 1-31. */
export function BirthDateSelect({
  value,
  onChange,
  required,
  disabled,
  currentYear = new Date().getFullYear(),
}: BirthDateSelectProps) {
  const yearOptions = useMemo<SelectOption[]>(() => {
    const years = yearChoices(currentYear, YEAR_CHOICES);
    // A stored date older than the choices still shows as it is.
    if (value.year !== '' && !years.includes(Number(value.year))) years.push(Number(value.year));
    return years.map((y) => ({ value: String(y), label: datePartLabel('year', y) }));
  }, [currentYear, value.year]);

  const setYear = useCallback((year: string) => onChange({ ...value, year }), [onChange, value]);
  const setMonth = useCallback((month: string) => onChange({ ...value, month }), [onChange, value]);
  const setDay = useCallback((day: string) => onChange({ ...value, day }), [onChange, value]);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1.4fr 1fr 1fr', gap: 1.5 }}>
      <SelectField label="年" value={value.year} options={yearOptions} onChange={setYear} required={required} disabled={disabled} />
      <SelectField label="月" value={value.month} options={MONTH_OPTIONS} onChange={setMonth} required={required} disabled={disabled} />
      <SelectField label="日" value={value.day} options={DAY_OPTIONS} onChange={setDay} required={required} disabled={disabled} />
    </Box>
  );
}
