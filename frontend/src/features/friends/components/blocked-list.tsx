import Button from '@mui/material/Button';

import type { Member } from '@/features/friends/api/types';
import { MemberList, MemberRow } from '@/features/friends/components/member-row';
import type { FriendActionKind } from '@/features/friends/hooks/use-friend-action';

type BlockedListProps = {
  members: Member[];
  onAction: (kind: FriendActionKind, member: Member) => void;
  busy: boolean;
};

/** Members the caller has blocked: ブロックを解除. */
export function BlockedList({ members, onAction, busy }: BlockedListProps) {
  return (
    <MemberList label="ブロック中のユーザー">
      {members.map((member) => (
        <MemberRow
          key={member.userId}
          member={member}
          actions={
            <Button variant="outlined" size="small" disabled={busy} onClick={() => onAction('unblock', member)}>
              ブロックを解除
            </Button>
          }
        />
      ))}
    </MemberList>
  );
}
