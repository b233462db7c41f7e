import Avatar from '@mui/material/Avatar';

import type { Member } from '@/features/friends/api/types';
import { initialOf } from '@/features/friends/utils/members';

type MemberAvatarProps = {
  member: Pick<Member, 'username' | 'firstName' | 'profileImageUrl'>;
  size?: number;
};

/** The member's picture, or the first letter of their name. Decorative: the name is always said beside it. */
export function MemberAvatar({ member, size = 44 }: MemberAvatarProps) {
  return (
    <Avatar
      src={member.profileImageUrl ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.light', fontSize: size * 0.42, fontWeight: 700 }}
    >
      {initialOf(member)}
    </Avatar>
  );
}
