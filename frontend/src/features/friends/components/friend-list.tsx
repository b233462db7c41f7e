import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Link as RouterLink } from 'react-router';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import type { Friend, Member } from '@/features/friends/api/types';
import { MemberList, MemberRow } from '@/features/friends/components/member-row';
import { ScoreLine } from '@/features/friends/components/score-chip';
import { FRIEND_CHANGES, type FriendChange } from '@/features/friends/utils/friend-changes';
import { displayName } from '@/features/friends/utils/members';

type FriendListProps = {
  friends: Friend[];
  /** Asks to remove or block a friend (the screen confirms first). */
  onChange: (change: FriendChange, member: Member) => void;
  busy: boolean;
};

/** Friends with their compatibility score, a link to the full analysis and a menu (解除 / ブロック). */
export function FriendList({ friends, onChange, busy }: FriendListProps) {
  return (
    <MemberList label="フレンド一覧">
      {friends.map((friend) => (
        <MemberRow
          key={friend.userId}
          member={friend}
          name={
            <Link to={paths.friendCompatibility.href(friend.userId)} underline="hover" color="inherit">
              {displayName(friend)}
            </Link>
          }
          detail={<ScoreLine status={friend.compatibilityStatus} score={friend.compatibilityScore} />}
          actions={
            <>
              <Button component={RouterLink} to={paths.friendCompatibility.href(friend.userId)} variant="outlined" size="small">
                相性を見る
              </Button>
              <FriendMenu friend={friend} onChange={onChange} busy={busy} />
            </>
          }
        />
      ))}
    </MemberList>
  );
}

function FriendMenu({ friend, onChange, busy }: { friend: Friend; onChange: FriendListProps['onChange']; busy: boolean }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (change: FriendChange) => {
    setAnchor(null);
    onChange(change, friend);
  };
  return (
    <>
      <IconButton
        aria-label={`${displayName(friend)}さんのメニュー`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('remove')}>{FRIEND_CHANGES.remove.label}</MenuItem>
        <MenuItem onClick={() => choose('block')} sx={{ color: 'error.main' }}>
          {FRIEND_CHANGES.block.label}
        </MenuItem>
      </Menu>
    </>
  );
}
