import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { toast } from '@/components/ui/toast/toast-store';
import { DIARY_CONTENT_MAX_LENGTH } from '@/config/constants';
import { deleteDiaryEntry, updateDiaryEntry } from '@/features/diary/api/diary-actions';
import type { DiaryEntry } from '@/features/diary/api/types';
import { DayField, EntryForm } from '@/features/diary/components/entry-fields';
import { MentionText } from '@/features/diary/components/mention-text';
import { checkContent, contentLength, normalizeContent } from '@/features/diary/utils/content';
import { isEntryDay, timezoneOffset, today } from '@/features/diary/utils/diary-dates';
import { entryKind, mentionedUsernames } from '@/features/diary/utils/entry-kind';
import { errorMessageFor } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/dates';

type DiaryEntryCardProps = {
  entry: DiaryEntry;
  /** Whether the caller wrote it: only then can it be changed or deleted. */
  own: boolean;
  /** Shown above the text when someone else wrote it (an entry that mentions the caller). */
  showAuthor?: boolean;
  onChanged: (entry: DiaryEntry) => void;
  onDeleted: (entry: DiaryEntry) => void;
  /** The heading level of the entry's date (h2 on its own page, h3 in the list). */
  headingLevel?: 'h2' | 'h3';
};

/**
 * One entry. A sealed letter shows only when it arrives, never its text; a delivered letter is marked as a
 * letter from the past with the day it was written; mentions that reached a friend are highlighted. Own
 * entries can be changed in place (not a sealed letter) and deleted after a confirmation.
 */
export function DiaryEntryCard({ entry, own, showAuthor = false, onChanged, onDeleted, headingLevel = 'h3' }: DiaryEntryCardProps) {
  const titleId = useId();
  const kind = entryKind(entry);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteDiaryEntry(entry.id);
      setConfirming(false);
      toast({ title: kind === 'sealed' ? '未来への手紙を削除しました' : '日記を削除しました' });
      onDeleted(entry);
    } catch (failure) {
      toast({ variant: 'destructive', title: 'エラー', description: errorMessageFor(failure, '日記を削除できませんでした') });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="diary-entry"
      data-kind={kind}
      sx={{
        p: { xs: 2, sm: 2.5 },
        ...(kind === 'sealed' ? { bgcolor: 'rgba(61, 52, 120, 0.05)', borderStyle: 'dashed' } : {}),
        ...(kind === 'letter' ? { borderColor: 'secondary.light', bgcolor: 'rgba(232, 191, 116, 0.08)' } : {}),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} component={headingLevel} sx={{ fontWeight: 700, fontSize: '1rem' }}>
          {formatCalendarDate(entry.date)}
        </Typography>
        {kind === 'sealed' ? (
          <Chip size="small" icon={<LockOutlinedIcon />} label="封印中の手紙" color="primary" variant="outlined" />
        ) : null}
        {kind === 'letter' ? (
          <Chip size="small" icon={<DraftsOutlinedIcon />} label="過去からの手紙" color="secondary" />
        ) : null}
        {own && !editing ? (
          <EntryMenu
            entry={entry}
            canEdit={kind !== 'sealed'}
            onEdit={() => setEditing(true)}
            onDelete={() => setConfirming(true)}
          />
        ) : null}
      </Box>

      {showAuthor ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <MemberAvatar name={entry.author.username} imageUrl={entry.author.profileImageUrl} size={28} />
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {entry.author.username}さんの日記
          </Typography>
        </Box>
      ) : null}

      {kind === 'sealed' ? (
        <Typography color="text.secondary" data-testid="sealed-note">
          {formatCalendarDate(entry.deliveryDate ?? entry.date)}に届きます。
          {entry.authoredDate ? `${formatCalendarDate(entry.authoredDate)}に書いた手紙です。` : ''}
          届くまで中身は読めません。
        </Typography>
      ) : editing ? (
        <EntryEditor
          entry={entry}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            onChanged(saved);
          }}
        />
      ) : (
        <>
          {kind === 'letter' && entry.authoredDate ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
              {formatCalendarDate(entry.authoredDate)}のあなたから届いた手紙
            </Typography>
          ) : null}
          <Typography component="div" sx={{ lineHeight: 1.8 }}>
            <MentionText text={entry.content ?? ''} known={mentionedUsernames(entry)} />
          </Typography>
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title={kind === 'sealed' ? 'この手紙を削除しますか？' : 'この日記を削除しますか？'}
        text={
          kind === 'sealed'
            ? '削除した手紙は届かなくなり、元に戻せません。'
            : '削除した日記は元に戻せません。メンションしたフレンドも読めなくなります。'
        }
        confirmLabel="削除する"
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

type EntryMenuProps = { entry: DiaryEntry; canEdit: boolean; onEdit: () => void; onDelete: () => void };

function EntryMenu({ entry, canEdit, onEdit, onDelete }: EntryMenuProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: () => void) => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        aria-label={`${formatCalendarDate(entry.date)}の日記のメニュー`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
        sx={{ ml: 'auto' }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {canEdit ? <MenuItem onClick={() => choose(onEdit)}>編集する</MenuItem> : null}
        <MenuItem onClick={() => choose(onDelete)} sx={{ color: 'error.main' }}>
          削除する
        </MenuItem>
      </Menu>
    </>
  );
}

type EntryEditorProps = { entry: DiaryEntry; onCancel: () => void; onSaved: (entry: DiaryEntry) => void };

/** Changing an entry's text (and a plain entry's day); a delivered letter keeps its day. */
function EntryEditor({ entry, onCancel, onSaved }: EntryEditorProps) {
  const [content, setContent] = useState(entry.content ?? '');
  const [date, setDate] = useState(entry.date);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const todayIso = today();
  const plain = entryKind(entry) === 'plain';
  const check = checkContent(content);
  const dateOk = !plain || isEntryDay(date, todayIso);

  const save = async () => {
    if (busy || check !== 'ok' || !dateOk) return;
    setBusy(true);
    setError(null);
    try {
      onSaved(await updateDiaryEntry(entry.id, { content: normalizeContent(content), date, timezoneOffset: timezoneOffset() }));
      toast({ title: '日記を更新しました' });
    } catch (failure) {
      setError(errorMessageFor(failure, '日記を更新できませんでした。しばらくしてからお試しください'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <EntryForm onSubmit={() => void save()}>
      <TextField
        label="日記の内容"
        multiline
        rows={4}
        fullWidth
        value={content}
        onChange={(event) => setContent(event.target.value)}
        error={check === 'too-long'}
        helperText={`${contentLength(content)} / ${DIARY_CONTENT_MAX_LENGTH}文字`}
      />
      {plain ? (
        <DayField label="日付" value={date} onChange={setDate} max={todayIso} invalid={!dateOk} />
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={onCancel} disabled={busy}>
          キャンセル
        </Button>
        <Button type="submit" variant="contained" disabled={busy || check !== 'ok' || !dateOk}>
          {busy ? '保存中...' : '更新する'}
        </Button>
      </Box>
    </EntryForm>
  );
}
