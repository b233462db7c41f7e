import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';

import { toast } from '@/components/ui/toast/toast-store';
import { DIARY_CONTENT_MAX_LENGTH } from '@/config/constants';
import { createDiaryEntry, findLuckyDay } from '@/features/diary/api/diary-actions';
import type { DiaryEntry, LuckyDay } from '@/features/diary/api/types';
import { DayField, EntryForm } from '@/features/diary/components/entry-fields';
import { LuckyDayNote } from '@/features/diary/components/lucky-day-note';
import { MentionPicker } from '@/features/diary/components/mention-picker';
import { useDiaryDraft } from '@/features/diary/hooks/use-diary-draft';
import { checkContent, contentLength, normalizeContent } from '@/features/diary/utils/content';
import { deliveryRange, isDeliveryDay, isEntryDay, timezoneOffset, today } from '@/features/diary/utils/diary-dates';
import { insertMention } from '@/features/diary/utils/mentions';
import { errorMessageFor } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/dates';

type DiaryComposerProps = {
  /** The signed-in member: the draft is kept per member. */
  userId: string;
  onSaved: (entry: DiaryEntry) => void;
};

type Lucky = { state: 'idle' } | { state: 'finding' } | { state: 'found'; day: LuckyDay } | { state: 'failed'; message: string };

/**
 * Writing an entry (spec §2 diary; tour steps 10 and 11 point at the textarea and the mention button):
 * the text with friends mentioned through the picker, the day (today by default, never later), or a
 * letter to the future with its delivery day (tomorrow … 10 years; "吉日に届ける" asks the almanac for
 * the next lucky day). The draft survives a reload; one save sends one request, whatever is clicked.
 */
export function DiaryComposer({ userId, onSaved }: DiaryComposerProps) {
  const titleId = useId();
  const counterId = useId();
  const { draft, update, reset } = useDiaryDraft(userId);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const saving = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [lucky, setLucky] = useState<Lucky>({ state: 'idle' });

  const todayIso = today();
  const range = deliveryRange(todayIso);
  const length = contentLength(draft.content);
  const content = checkContent(draft.content);
  const dateOk = draft.publishToFuture ? isDeliveryDay(draft.deliveryDate, todayIso) : isEntryDay(draft.date, todayIso);
  const canSave = content === 'ok' && dateOk && !busy;

  // Once the picker has gone (its focus trap with it), the focus returns to the text, behind a new mention.
  const backToText = () => {
    const box = textarea.current;
    if (!box) return;
    box.focus();
    if (caret.current !== null) box.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  };

  const pick = (username: string) => {
    setPicking(false);
    const box = textarea.current;
    const start = box?.selectionStart ?? draft.content.length;
    const end = box?.selectionEnd ?? start;
    const next = insertMention(draft.content, start, end, username);
    caret.current = next.caret;
    update({ content: next.text });
  };

  const findLucky = async () => {
    const from = isDeliveryDay(draft.deliveryDate, todayIso) ? draft.deliveryDate : range.min;
    setLucky({ state: 'finding' });
    try {
      const day = await findLuckyDay(from, timezoneOffset());
      update({ deliveryDate: day.date });
      setLucky({ state: 'found', day });
    } catch (failure) {
      setLucky({ state: 'failed', message: errorMessageFor(failure, '吉日を調べられませんでした。しばらくしてからお試しください') });
    }
  };

  const save = async () => {
    if (saving.current || !canSave) return;
    saving.current = true;
    setBusy(true);
    setError(null);
    try {
      const entry = await createDiaryEntry({
        clientId: draft.clientId,
        content: normalizeContent(draft.content),
        // A letter's day is its delivery day (social ignores `date` for letters).
        date: draft.publishToFuture ? todayIso : draft.date,
        publishToFuture: draft.publishToFuture,
        ...(draft.publishToFuture ? { deliveryDate: draft.deliveryDate } : {}),
        timezoneOffset: timezoneOffset(),
      });
      reset();
      setLucky({ state: 'idle' });
      toast(
        entry.publishToFuture
          ? { title: '未来への手紙を封印しました', description: `${formatCalendarDate(entry.deliveryDate ?? entry.date)}に届きます` }
          : { title: '日記を保存しました' },
      );
      onSaved(entry);
    } catch (failure) {
      setError(errorMessageFor(failure, '日記を保存できませんでした。しばらくしてからお試しください'));
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };

  const luckyShown = lucky.state === 'found' && lucky.day.date === draft.deliveryDate ? lucky.day : null;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
        日記を書く
      </Typography>
      <EntryForm onSubmit={() => void save()}>
        <TextField
          label="今日のできごと"
          placeholder="今日あったこと、心に残ったことを書いてみましょう"
          multiline
          rows={5}
          fullWidth
          value={draft.content}
          onChange={(event) => update({ content: event.target.value })}
          inputRef={textarea}
          error={content === 'too-long'}
          slotProps={{ htmlInput: { 'data-tour': 'diary-textarea', 'aria-describedby': counterId } }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<AlternateEmailIcon />}
            onClick={() => setPicking(true)}
            data-tour="diary-mention"
          >
            フレンドをメンション
          </Button>
          <Typography
            id={counterId}
            variant="body2"
            color={content === 'too-long' ? 'error' : 'text.secondary'}
            aria-live="polite"
          >
            {length} / {DIARY_CONTENT_MAX_LENGTH}文字
          </Typography>
        </Box>

        <FormControlLabel
          control={
            <Switch
              checked={draft.publishToFuture}
              onChange={(event) => update({ publishToFuture: event.target.checked })}
            />
          }
          label="未来へ届ける"
        />

        {draft.publishToFuture ? (
          <Box sx={{ display: 'grid', gap: 1.25 }}>
            <Typography variant="body2" color="text.secondary">
              届く日まで封印され、あなたにも読めません。届く日の朝、過去のあなたからの手紙として届きます。
            </Typography>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <DayField
                label="届ける日"
                value={draft.deliveryDate}
                onChange={(deliveryDate) => update({ deliveryDate })}
                min={range.min}
                max={range.max}
                invalid={draft.deliveryDate !== '' && !isDeliveryDay(draft.deliveryDate, todayIso)}
                helperText="明日から10年後まで"
              />
              <Button
                variant="outlined"
                color="secondary"
                startIcon={<AutoAwesomeIcon />}
                onClick={() => void findLucky()}
                disabled={lucky.state === 'finding'}
              >
                {lucky.state === 'finding' ? '吉日を探しています...' : '吉日に届ける'}
              </Button>
            </Box>
            {luckyShown ? <LuckyDayNote luckyDay={luckyShown} /> : null}
            {lucky.state === 'failed' ? <Alert severity="warning">{lucky.message}</Alert> : null}
          </Box>
        ) : (
          <DayField
            label="日付"
            value={draft.date}
            onChange={(date) => update({ date })}
            max={todayIso}
            invalid={!isEntryDay(draft.date, todayIso)}
            helperText={isEntryDay(draft.date, todayIso) ? undefined : '今日までの日付を選んでください'}
          />
        )}

        {error ? <Alert severity="error">{error}</Alert> : null}

        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={!canSave}>
            {busy ? '保存中...' : draft.publishToFuture ? '手紙を封印する' : '日記を保存する'}
          </Button>
        </Box>
      </EntryForm>

      <MentionPicker open={picking} onPick={pick} onClose={() => setPicking(false)} onClosed={backToText} />
    </Paper>
  );
}
