import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';

import { dstChoiceDetail, dstChoiceLabel, dstQuestion, type DstChoiceKey, type DstOption } from '@/lib/dst-choice';

type DstChoicePickerProps = {
  options: DstOption[];
  onChoose: (choice: DstChoiceKey) => void;
  busy?: boolean;
  /** The button's text (「この読み方で計算する」 by default). */
  submitLabel?: string;
};

/** The readings of a skipped or repeated birth time as radio buttons, and the button that re-sends with one. */
export function DstChoicePicker({ options, onChoose, busy = false, submitLabel = 'この読み方で計算する' }: DstChoicePickerProps) {
  const [chosen, setChosen] = useState<DstChoiceKey | ''>('');
  const first = options[0];
  if (!first) return null;
  return (
    <Alert severity="warning" role="group" aria-label="サマータイムの時刻の読み方" sx={{ mt: 2 }} data-testid="dst-choice">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {dstQuestion(first)}
      </Typography>
      <RadioGroup aria-label="時刻の読み方" value={chosen} onChange={(event) => setChosen(event.target.value as DstChoiceKey)}>
        {options.map((option) => (
          <FormControlLabel
            key={option.choice}
            value={option.choice}
            control={<Radio />}
            label={
              <span>
                {dstChoiceLabel(option)}
                <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                  {dstChoiceDetail(option)}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
      <Button variant="contained" disabled={chosen === '' || busy} onClick={() => chosen !== '' && onChoose(chosen)} sx={{ mt: 1 }}>
        {submitLabel}
      </Button>
    </Alert>
  );
}
