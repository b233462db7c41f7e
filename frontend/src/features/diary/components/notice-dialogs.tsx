import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

import { MemberAvatar } from '@/components/ui/member-avatar';
import { useDiaryEntry } from '@/features/diary/api/get-diary';
import type { DeliveredLetter, MentionNotification } from '@/features/diary/api/types';
import { MentionText } from '@/features/diary/components/mention-text';
import { mentionedUsernames } from '@/features/diary/utils/entry-kind';
import { formatCalendarDate } from '@/lib/dates';

type NoticeDialogProps = {
  title: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  children: ReactNode;
};

/** A notice of the app shell: a title, what arrived, and one button that says it was seen. */
function NoticeDialog({ title, confirmLabel, busy, onConfirm, children }: NoticeDialogProps) {
  const titleId = useId();
  return (
    // Closing it any other way (Esc, the backdrop) counts as seeing it too.
    <Dialog open onClose={onConfirm} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onConfirm} disabled={busy} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type MentionDialogProps = {
  mention: MentionNotification;
  /** The signed-in member's username: their own handle is highlighted until the entry's mentions are read. */
  username: string;
  busy: boolean;
  onAcknowledge: () => void;
};

/**
 * Spec §2 "Mention dialog": the mentioner's username, the entry's date and its text with the @handles
 * that reached a friend highlighted (the entry, which the mentioned member may read, names them; a typed
 * `@someone` who is not the author's friend stays plain).
 */
export function MentionDialog({ mention, username, busy, onAcknowledge }: MentionDialogProps) {
  const entry = useDiaryEntry(mention.diaryEntry.id);
  const known = entry.data ? mentionedUsernames(entry.data) : [username];
  return (
    <NoticeDialog title="メンションされました" confirmLabel="確認しました" busy={busy} onConfirm={onAcknowledge}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1.5 }}>
        <MemberAvatar name={mention.mentioner.username} imageUrl={mention.mentioner.profileImageUrl} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="mentioner">
            {mention.mentioner.username}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatCalendarDate(mention.diaryEntry.date)}の日記
          </Typography>
        </Box>
      </Box>
      <Typography component="div" sx={{ lineHeight: 1.8 }} data-testid="mention-content">
        <MentionText text={mention.diaryEntry.content} known={known} />
      </Typography>
    </NoticeDialog>
  );
}

type LetterDialogProps = { letter: DeliveredLetter; busy: boolean; onAcknowledge: () => void };

/** A letter to the future that has arrived: the day it was written and its text, shown once. */
export function LetterDialog({ letter, busy, onAcknowledge }: LetterDialogProps) {
  return (
    <NoticeDialog title="過去のあなたから手紙が届きました" confirmLabel="受け取りました" busy={busy} onConfirm={onAcknowledge}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.25 }}>
        {formatCalendarDate(letter.authoredDate ?? letter.date)}に書いた手紙
      </Typography>
      <Typography component="div" sx={{ lineHeight: 1.8 }} data-testid="letter-content">
        <MentionText text={letter.content ?? ''} known={mentionedUsernames(letter)} />
      </Typography>
    </NoticeDialog>
  );
}
