import { MemberAvatar as Avatar } from '@/components/ui/member-avatar';
import type { Member } from '@/features/friends/api/types';
import { displayName } from '@/features/friends/utils/members';

type MemberAvatarProps = {
  member: Pick<Member, 'username' | 'firstName' | 'profileImageUrl'>;
  size?: number;
};

/** The member's picture, or the first letter of their display name. */
export function MemberAvatar({ member, size = 44 }: MemberAvatarProps) {
  return <Avatar name={displayName(member)} imageUrl={member.profileImageUrl} size={size} />;
}
