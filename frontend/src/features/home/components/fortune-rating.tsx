import { useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';

import { toast } from '@/components/ui/toast/toast-store';
import { Tooltip } from '@/components/ui/tooltip';
import { FORTUNE_FEEDBACK_MAX_LENGTH } from '@/config/constants';
import {
  useRateFortune,
  useSendFortuneFeedback,
  type FortuneRatingValue,
  type FortuneType,
} from '@/features/home/api/rate-fortune';
import { errorMessageFor } from '@/lib/api-client';
import { nightSky } from '@/theme/palette';

const CHOICES: { value: FortuneRatingValue; label: string; Icon: typeof ThumbUpOutlinedIcon }[] = [
  { value: 'positive', label: 'しっくりきた', Icon: ThumbUpOutlinedIcon },
  { value: 'negative', label: 'しっくりこない', Icon: ThumbDownOutlinedIcon },
];

type FortuneRatingProps = {
  contentHash: string;
  /** Which kind of reading is rated: home's daily reading (default), or a chat reply (`chat`). */
  fortuneType?: FortuneType;
  /** The question above the buttons. */
  prompt?: string;
};

/**
 * Rating a reading (spec §2, §7): a choice is sent at once (POST, its fortuneType — 'daily' for today's
 * reading, 'chat' for a reply in the chat — and the reading's contentHash); success marks it rated, an
 * error takes the choice back. After a negative rating a feedback box opens; its text is sent (PATCH) when
 * the box is closed, and only if there is any. A later choice replaces the earlier one (the gateway
 * updates the same rating).
 */
export function FortuneRating({ contentHash, fortuneType = 'daily', prompt = '今日の運勢、しっくりきましたか？' }: FortuneRatingProps) {
  const [rating, setRating] = useState<FortuneRatingValue | null>(null);
  const [rated, setRated] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [feedback, setFeedback] = useState('');
  const { trigger: rate, isMutating: ratingPending } = useRateFortune();
  const { trigger: sendFeedback } = useSendFortuneFeedback();
  const negativeButton = useRef<HTMLButtonElement>(null);
  const promptId = useId();
  const feedbackId = useId();

  const closeFeedback = (returnFocus: boolean) => {
    const text = feedback.trim();
    setFeedbackOpen(false);
    setFeedback('');
    if (returnFocus) negativeButton.current?.focus();
    if (text === '') return;
    sendFeedback({ fortuneType, fortuneContentHash: contentHash, feedbackText: text }).then(
      () => toast({ title: 'ありがとうございます', description: 'いただいた声を、これからの読み解きに活かします。' }),
      (error: unknown) =>
        toast({ variant: 'destructive', title: 'エラー', description: errorMessageFor(error, 'ご意見を送れませんでした') }),
    );
  };

  const choose = async (value: FortuneRatingValue) => {
    if (ratingPending || (rated && rating === value)) return;
    if (feedbackOpen) closeFeedback(false);
    setRating(value);
    setRated(false);
    try {
      await rate({ fortuneType, fortuneContentHash: contentHash, rating: value });
      setRated(true);
      if (value === 'negative') setFeedbackOpen(true);
    } catch (error) {
      setRating(null);
      toast({ variant: 'destructive', title: 'エラー', description: errorMessageFor(error, '評価を送れませんでした') });
    }
  };

  const onFeedbackKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeFeedback(true);
    }
  };

  return (
    <Box sx={{ borderTop: '1px solid rgba(207, 201, 236, 0.18)', pt: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={promptId} variant="body2" sx={{ color: nightSky.muted }}>
          {prompt}
        </Typography>
        <Box role="group" aria-labelledby={promptId} sx={{ display: 'flex', gap: 1 }}>
          {CHOICES.map(({ value, label, Icon }) => {
            const selected = rating === value;
            return (
              // Icons alone: the tooltip names them for the pointer and the keyboard (spec §9 delays).
              <Tooltip key={value} title={label}>
                <IconButton
                  ref={value === 'negative' ? negativeButton : undefined}
                  aria-label={label}
                  aria-pressed={selected}
                  onClick={() => void choose(value)}
                  sx={{
                    color: selected ? nightSky.deep : nightSky.text,
                    backgroundColor: selected ? nightSky.gold : 'transparent',
                    border: '1px solid',
                    borderColor: selected ? nightSky.gold : 'rgba(246,241,230,.35)',
                    '&:hover': { backgroundColor: selected ? nightSky.gold : 'rgba(246,241,230,.1)' },
                  }}
                >
                  <Icon fontSize="small" />
                </IconButton>
              </Tooltip>
            );
          })}
        </Box>
      </Box>
      <Typography role="status" variant="caption" sx={{ display: 'block', color: nightSky.gold }}>
        {rated ? 'ありがとうございます。評価を受け取りました。' : ''}
      </Typography>
      {feedbackOpen ? (
        <Box
          role="group"
          aria-label="ご意見"
          onKeyDown={onFeedbackKeyDown}
          sx={{ mt: 1, p: 2, borderRadius: '16px', bgcolor: 'background.paper', color: 'text.primary' }}
        >
          <Typography component="label" htmlFor={feedbackId} variant="body2" sx={{ display: 'block', fontWeight: 700, mb: 1 }}>
            どのあたりがしっくりきませんでしたか？（任意）
          </Typography>
          <TextField
            id={feedbackId}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            value={feedback}
            onChange={(event) => setFeedback(event.target.value.slice(0, FORTUNE_FEEDBACK_MAX_LENGTH))}
            helperText={`${feedback.length} / ${FORTUNE_FEEDBACK_MAX_LENGTH}`}
            slotProps={{ htmlInput: { maxLength: FORTUNE_FEEDBACK_MAX_LENGTH } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button variant={feedback.trim() ? 'contained' : 'text'} onClick={() => closeFeedback(true)}>
              {feedback.trim() ? '送信して閉じる' : '閉じる'}
            </Button>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
