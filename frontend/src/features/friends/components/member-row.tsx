import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import type { Member } from '@/features/friends/api/types';
import { MemberAvatar } from '@/features/friends/components/member-avatar';
import { displayName } from '@/features/friends/utils/members';

type MemberRowProps = {
  member: Member;
  /** Under the name, e.g. the state or the score. */
  detail?: ReactNode;
  /** Buttons on the right; they wrap under the name on a narrow screen. */
  actions?: ReactNode;
  /** Replaces the name text, e.g. with a link to the friend's page. */
  name?: ReactNode;
};

/** One member in a list: avatar, display name, @username, a detail line and actions. */
export function MemberRow({ member, detail, actions, name }: MemberRowProps) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25, flexWrap: 'wrap', minWidth: 0 }}
    >
      <MemberAvatar member={member} />
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{name ?? displayName(member)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          @{member.username}
        </Typography>
        {detail ? <Box sx={{ mt: 0.25 }}>{detail}</Box> : null}
      </Box>
      {actions ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto' }}>{actions}</Box>
      ) : null}
    </Box>
  );
}

/** A list of MemberRow, divided by thin lines. */
export function MemberList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
    >
      {children}
    </Box>
  );
}
