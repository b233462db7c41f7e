import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import TextField from '@mui/material/TextField';

import {
  japanDay,
  lastDays,
  presetOf,
  rangeProblem,
  RANGE_PRESETS,
  type AnalyticsRange,
} from '@/features/admin/utils/analytics-range';

type AnalyticsRangePickerProps = {
  /** The period the charts show. */
  range: AnalyticsRange;
  /** Called with a period the gateway takes (both days whole, in order, at most 366 days), never another. */
  onChange: (range: AnalyticsRange) => void;
};

/**
 * The charts' period: 開始日 and 終了日 (Japan days, both inclusive) and presets for the last 7, 30, 90 and 365
 * days ending yesterday in Japan. A period the gateway would refuse stays in the fields with what is wrong
 * with it, and the charts keep the last good one.
 */
export function AnalyticsRangePicker({ range, onChange }: AnalyticsRangePickerProps) {
  const [draft, setDraft] = useState(range);
  // Read at the first render and at each preset: the presets end yesterday in Japan.
  const [now, setNow] = useState(() => Date.now());
  const today = japanDay(now);
  const problem = rangeProblem(draft);
  const preset = problem === null ? presetOf(draft, now) : null;

  const change = (next: AnalyticsRange) => {
    setDraft(next);
    if (rangeProblem(next) === null) onChange(next);
  };

  return (
    <Box
      role="group"
      aria-label="集計期間"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <TextField
        label="開始日"
        type="date"
        size="small"
        value={draft.from}
        onChange={(event) => change({ ...draft, from: event.target.value })}
        error={problem !== null && draft.from === ''}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.to || today } }}
        sx={{ flex: '1 1 150px', maxWidth: { sm: 200 } }}
      />
      <TextField
        label="終了日"
        type="date"
        size="small"
        value={draft.to}
        onChange={(event) => change({ ...draft, to: event.target.value })}
        error={problem !== null}
        helperText={problem ?? undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.from || undefined, max: today } }}
        sx={{ flex: '1 1 150px', maxWidth: { sm: 200 } }}
      />
      <ButtonGroup size="small" aria-label="期間のプリセット" sx={{ alignSelf: 'center', flexWrap: 'wrap' }}>
        {RANGE_PRESETS.map(({ label, days }) => (
          <Button
            key={days}
            variant={preset === days ? 'contained' : 'outlined'}
            aria-pressed={preset === days}
            onClick={() => {
              const at = Date.now();
              setNow(at);
              change(lastDays(days, at));
            }}
          >
            {label}
          </Button>
        ))}
      </ButtonGroup>
    </Box>
  );
}
