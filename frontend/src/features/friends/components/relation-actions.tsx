import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';
import type { FriendshipState, Member } from '@/features/friends/api/types';
import type { FriendActionKind } from '@/features/friends/hooks/use-friend-action';
import { relationOf } from '@/features/friends/utils/relation';

type RelationActionsProps = {
  member: Member;
  state: FriendshipState;
  onAction: (kind: FriendActionKind, member: Member) => void;
  /** Whether an action is running for anyone on the screen (one at a time). */
  busy: boolean;
  size?: 'small' | 'medium' | 'large';
};

/**
 * The buttons for where the caller stands with `member`: フレンド申請 (none), 申請を取り消す (outgoing),
 * 承認する / お断りする (incoming), 相性を見る (friends); nothing for a blocked member.
 */
export function RelationActions({ member, state, onAction, busy, size = 'small' }: RelationActionsProps) {
  const { action } = relationOf(state);
  if (state === 'friends') {
    return (
      <Button component={RouterLink} to={paths.friendCompatibility.href(member.userId)} variant="outlined" size={size}>
        相性を見る
      </Button>
    );
  }
  switch (action) {
    case 'request':
      return (
        <Button variant="contained" size={size} disabled={busy} onClick={() => onAction('request', member)}>
          フレンド申請
        </Button>
      );
    case 'cancel':
      return (
        <Button variant="outlined" size={size} disabled={busy} onClick={() => onAction('cancel', member)}>
          申請を取り消す
        </Button>
      );
    case 'accept':
      return (
        <>
          <Button variant="contained" size={size} disabled={busy} onClick={() => onAction('accept', member)}>
            承認する
          </Button>
          <Button variant="outlined" size={size} disabled={busy} onClick={() => onAction('decline', member)}>
            お断りする
          </Button>
        </>
      );
    default:
      return null;
  }
}
