import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import type { AdminUserMember } from '@/features/admin/api/types';
import { DetailList, DetailRow, UserSection } from '@/features/admin/components/user-section';
import { NO_USERNAME } from '@/features/admin/utils/labels';
import { formatDate } from '@/lib/dates';

const at = (stamp: string) => formatDate(new Date(stamp), 'dateTime');

/**
 * Who the member is: username, e-mail, whether it is verified, when they joined and last signed in, whether
 * the onboarding is done, and whether birth data is registered — only that: staff never see a member's
 * birth date, time or place (docs/api/admin.md), and the card says so.
 */
export function UserAccountCard({ member }: { member: AdminUserMember }) {
  return (
    <UserSection title="アカウント">
      <DetailList>
        <DetailRow term="ユーザー名">{member.username ?? NO_USERNAME}</DetailRow>
        <DetailRow term="メールアドレス">{member.email === '' ? '—' : member.email}</DetailRow>
        <DetailRow term="メール認証">{member.emailVerified ? '確認済み' : '未確認'}</DetailRow>
        <DetailRow term="登録日">{formatDate(new Date(member.createdAt), 'date')}</DetailRow>
        <DetailRow term="最終ログイン">{member.lastLogin === null ? 'まだありません' : at(member.lastLogin)}</DetailRow>
        <DetailRow term="オンボーディング">{member.onboardingComplete ? '完了' : '未完了'}</DetailRow>
        <DetailRow term="出生データ">{member.hasBirthData ? '登録済み' : '未登録'}</DetailRow>
        {member.deletedAt !== null ? <DetailRow term="退会日">{at(member.deletedAt)}</DetailRow> : null}
        <DetailRow term="ID">
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
            {member.id}
          </Box>
        </DetailRow>
      </DetailList>
      <Typography variant="caption" color="text.secondary">
        出生データは登録の有無だけを表示します。生年月日・出生時刻・出生地はスタッフには表示されません。
      </Typography>
    </UserSection>
  );
}
