import { useId, type ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { Link } from '@/components/ui/link';
import { adminPaths } from '@/config/admin-paths';
import type { AdminMember } from '@/features/admin/api/types';
import { DELETED_MEMBER } from '@/features/admin/utils/labels';
import { formatDate } from '@/lib/dates';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * Who asked: the member's username, e-mail, whether it is verified, when they joined, and whether they have
 * left, with a link to their user page. A member who deleted the account has no record left to show
 * (`member` null): 退会済みの会員.
 */
export function MemberCard({ member }: { member: AdminMember | null }) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5 }}>
        会員
      </Typography>
      {member === null ? (
        <Typography variant="body2">{DELETED_MEMBER}（アカウントは削除されています）</Typography>
      ) : (
        <>
          {member.deletedAt !== null ? (
            <Chip size="small" color="default" variant="outlined" label="退会済み" sx={{ mb: 1 }} />
          ) : null}
          <Typography
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.75 }}
          >
            <Row term="ユーザー名">{member.username}</Row>
            <Row term="メール">{member.email}</Row>
            <Row term="メール認証">{member.emailVerified ? '確認済み' : '未確認'}</Row>
            <Row term="登録日">{formatDate(new Date(member.createdAt), 'date')}</Row>
            {member.deletedAt !== null ? <Row term="退会日">{formatDate(new Date(member.deletedAt), 'date')}</Row> : null}
          </Typography>
          <Link to={adminPaths.user.href(member.id)} variant="body2" sx={{ display: 'inline-block', mt: 1.5 }}>
            会員ページを開く
          </Link>
        </>
      )}
    </Paper>
  );
}
