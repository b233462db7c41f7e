import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { BirthDateSelect } from '@/components/ui/birth-date-select';
import { BirthTimeSelect } from '@/components/ui/birth-time-select';
import type { CompatibilityTarget, Gender } from '@/features/chat/api/types';
import { compatibilityQuestion } from '@/features/chat/utils/compatibility';
import { datePartsToString, EMPTY_DATE, EMPTY_TIME, timePartsToInput, type DateParts, type TimeParts } from '@/lib/birth-fields';

type CompatibilityDialogProps = {
  open: boolean;
  /** What the question costs, as any message. */
  creditsPerMessage: number;
  onClose: () => void;
  /** The question and the other person, to be sent as one chat message. */
  onAsk: (message: string, target: CompatibilityTarget) => void;
};

const LABEL_MAX_LENGTH = 20;
const LOCATION_MAX_LENGTH = 100;

/**
 * 「相性を占う」: the other person's birth date and gender (required), birth time and place (optional) and
 * what to call them (optional). Sending closes the dialog and asks the mascot in the chat.
 */
export function CompatibilityDialog({ open, creditsPerMessage, onClose, onAsk }: CompatibilityDialogProps) {
  const titleId = useId();
  const genderId = useId();
  const [date, setDate] = useState<DateParts>(EMPTY_DATE);
  const [time, setTime] = useState<TimeParts>(EMPTY_TIME);
  const [gender, setGender] = useState<Gender | ''>('');
  const [location, setLocation] = useState('');
  const [label, setLabel] = useState('');
  const [tried, setTried] = useState(false);

  const birthDate = datePartsToString(date);
  const missing = [birthDate === null ? '相手の生年月日' : null, gender === '' ? '性別' : null].filter((item) => item !== null);

  const reset = () => {
    setDate(EMPTY_DATE);
    setTime(EMPTY_TIME);
    setGender('');
    setLocation('');
    setLabel('');
    setTried(false);
  };

  const submit = () => {
    setTried(true);
    if (birthDate === null || gender === '') return;
    const birthTime = timePartsToInput(time);
    const target: CompatibilityTarget = {
      birthDate,
      gender,
      ...(birthTime ? { birthTime } : {}),
      ...(location.trim() ? { birthLocation: location.trim() } : {}),
      ...(label.trim() ? { label: label.trim() } : {}),
    };
    onAsk(compatibilityQuestion(target), target);
    reset();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>相性を占う</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {`お相手の生まれた日を教えてください。メグがふたりの相性を占います（${creditsPerMessage}クレジット）。`}
          </Typography>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="body2" sx={{ fontWeight: 700, mb: 1.25 }}>
              相手の生年月日（必須）
            </Typography>
            <BirthDateSelect value={date} onChange={setDate} required />
          </Box>
          <FormControl required error={tried && gender === ''}>
            <FormLabel id={genderId} sx={{ fontWeight: 700, fontSize: '0.875rem' }}>
              性別
            </FormLabel>
            <RadioGroup row aria-labelledby={genderId} value={gender} onChange={(event) => setGender(event.target.value as Gender)}>
              <FormControlLabel value="female" control={<Radio />} label="女性" />
              <FormControlLabel value="male" control={<Radio />} label="男性" />
            </RadioGroup>
          </FormControl>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="body2" sx={{ fontWeight: 700, mb: 1.25 }}>
              生まれた時刻（任意）
            </Typography>
            <BirthTimeSelect value={time} onChange={setTime} />
          </Box>
          <TextField
            label="生まれた場所（任意）"
            placeholder="例：東京都"
            value={location}
            onChange={(event) => setLocation(event.target.value.slice(0, LOCATION_MAX_LENGTH))}
            fullWidth
          />
          <TextField
            label="呼び方（任意）"
            placeholder="例：彼、Aさん"
            value={label}
            onChange={(event) => setLabel(event.target.value.slice(0, LABEL_MAX_LENGTH))}
            fullWidth
          />
          {tried && missing.length > 0 ? <Alert severity="error">{`${missing.join('と')}を選んでください`}</Alert> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={onClose}>
            キャンセル
          </Button>
          <Button type="submit" variant="contained">
            占う
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
