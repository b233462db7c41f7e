import Avatar from '@mui/material/Avatar';

type MemberAvatarProps = {
  /** The name shown beside the avatar; its first letter stands in for a missing picture. */
  name: string;
  imageUrl: string | null;
  size?: number;
};

/** A member's picture, or the first letter of their name. Decorative: the name is always said beside it. */
export function MemberAvatar({ name, imageUrl, size = 44 }: MemberAvatarProps) {
  return (
    <Avatar
      src={imageUrl ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.light', fontSize: size * 0.42, fontWeight: 700 }}
    >
      {Array.from(name)[0] ?? '?'}
    </Avatar>
  );
}
