import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { Link } from '@/components/ui/link';
import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { paths } from '@/config/paths';
import { useMentionableFriends } from '@/features/diary/api/get-mentionable-friends';
import { errorMessageFor } from '@/lib/api-client';
import { normalizeUsername } from '@/lib/username';

type MentionPickerProps = {
  open: boolean;
  onPick: (username: string) => void;
  onClose: () => void;
  /** Once it has closed: where the focus goes next is the caller's (the dialog gives none back). */
  onClosed: () => void;
};

/** Whether a friend matches what was typed into the filter (username or first name, any case). */
function matches(friend: { username: string; firstName: string | null }, filter: string): boolean {
  const wanted = normalizeUsername(filter).toLowerCase().replace(/^[@＠]/, '');
  if (wanted === '') return true;
  return [friend.username, friend.firstName ?? ''].some((name) => normalizeUsername(name).toLowerCase().includes(wanted));
}

/**
 * The mention button's dialog: the caller's accepted friends (read when it first opens); choosing one
 * puts `@username ` into the text.
 */
export function MentionPicker({ open, onPick, onClose, onClosed }: MentionPickerProps) {
  const titleId = useId();
  const [filter, setFilter] = useState('');
  const { friends, error, retry } = useMentionableFriends(open);
  const shown = friends?.filter((friend) => matches(friend, filter)) ?? [];

  let body;
  if (friends) {
    if (friends.length === 0) {
      body = (
        <Typography variant="body2" color="text.secondary">
          メンションできるフレンドがまだいません。<Link to={paths.friends}>フレンドを探す</Link>
        </Typography>
      );
    } else {
      body = (
        <>
          <TextField
            label="フレンドを絞り込む"
            size="small"
            fullWidth
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } }}
            sx={{ mb: 1 }}
          />
          {shown.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
              一致するフレンドはいません
            </Typography>
          ) : (
            <List aria-label="メンションするフレンド" dense>
              {shown.map((friend) => (
                <ListItemButton key={friend.userId} onClick={() => onPick(friend.username)} sx={{ borderRadius: 2 }}>
                  <ListItemAvatar>
                    <MemberAvatar name={friend.username} imageUrl={friend.profileImageUrl} size={40} />
                  </ListItemAvatar>
                  <ListItemText primary={`@${friend.username}`} secondary={friend.firstName ?? undefined} />
                </ListItemButton>
              ))}
            </List>
          )}
        </>
      );
    }
  } else if (error) {
    body = <LoadErrorBlock message={errorMessageFor(error, 'フレンドを読み込めませんでした。')} onRetry={retry} />;
  } else {
    body = <LoadingBlock label="フレンドを読み込み中" />;
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      disableRestoreFocus
      slotProps={{
        transition: {
          onExited: () => {
            setFilter('');
            onClosed();
          },
        },
      }}
    >
      <DialogTitle id={titleId}>フレンドをメンション</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>閉じる</Button>
      </DialogActions>
    </Dialog>
  );
}
