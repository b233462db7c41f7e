import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useLocation } from 'react-router';

import { Link } from '@/components/ui/link';
import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { adminPaths } from '@/config/admin-paths';
import { useAdminUser, useUserChanged } from '@/features/admin/api/users';
import type { AdminUser } from '@/features/admin/api/types';
import { UserAccountCard } from '@/features/admin/components/user-account-card';
import { UserChartCard } from '@/features/admin/components/user-chart-card';
import { UserCreditsCard } from '@/features/admin/components/user-credits-card';
import { UserPurchasesCard } from '@/features/admin/components/user-purchases-card';
import { PartUnavailable, UserSection } from '@/features/admin/components/user-section';
import { UserTicketsCard } from '@/features/admin/components/user-tickets-card';
import { useSignedInAdmin } from '@/features/admin/hooks/use-signed-in-admin';
import { NO_USERNAME } from '@/features/admin/utils/labels';
import { listSearchFrom } from '@/features/admin/utils/user-search';
import { errorMessageFor, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { isUuid } from '@/lib/ids';

/** Also for an id that is not one (nothing is asked then). */
const NOT_FOUND = '会員が見つかりません';

/** The services behind the page's parts, as `unavailable` names them. */
type Service = 'fortune' | 'billing' | 'social' | 'support';

function isDown(user: AdminUser, service: Service): boolean {
  return user.unavailable.includes(service);
}

/** Back to the list, with the search the page was opened from. */
function BackLink() {
  const { state } = useLocation();
  return (
    <Link
      to={`${adminPaths.users}${listSearchFrom(state)}`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, justifySelf: 'start' }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      ユーザー一覧へ
    </Link>
  );
}

/**
 * /admin/users/{id}: one member as staff see them, in cards — the account, the chart's state, credits (balance,
 * ledger, and for admins the adjustment), purchases, tickets, friends. A part whose service did not answer
 * says so in its card and the rest of the page still works. Birth data is never shown, only whether it exists.
 */
export function UserDetailScreen({ userId }: { userId: string }) {
  const { session } = useSignedInAdmin();
  const user = useAdminUser(userId);
  const changed = useUserChanged(userId);

  let content;
  if (!isUuid(userId) || (isApiError(user.error) && user.error.status === 404)) {
    content = (
      <Box role="alert" sx={{ py: 3, display: 'grid', gap: 1 }}>
        <Typography>{user.error ? errorMessageFor(user.error, NOT_FOUND) : NOT_FOUND}</Typography>
        <Link to={adminPaths.users}>ユーザー一覧で探す</Link>
      </Box>
    );
  } else if (user.data) {
    const { member, chart, credits, friendsCount, tickets } = user.data;
    content = (
      <>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.3rem', sm: '1.6rem' }, overflowWrap: 'anywhere' }}>
            {member.username ?? NO_USERNAME}
          </Typography>
          {member.deletedAt !== null ? <Chip size="small" variant="outlined" label="退会済み" /> : null}
        </Box>
        {member.deletedAt !== null ? (
          <Alert severity="warning">{`この会員は${formatDate(new Date(member.deletedAt), 'date')}に退会済みです`}</Alert>
        ) : null}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <UserAccountCard member={member} />
          <UserChartCard
            userId={member.id}
            chart={chart}
            unavailable={chart === null && isDown(user.data, 'fortune')}
            hasBirthData={member.hasBirthData}
            onChanged={changed}
          />
          <UserCreditsCard
            userId={member.id}
            balance={credits?.balance ?? null}
            canAdjust={session.admin.role === 'admin'}
            onChanged={changed}
          />
          <UserPurchasesCard userId={member.id} unavailable={isDown(user.data, 'billing')} />
          <UserTicketsCard tickets={tickets} />
          <UserSection title="友だち">
            {friendsCount === null ? (
              <PartUnavailable />
            ) : (
              <Typography>
                <strong>{friendsCount}</strong>人
              </Typography>
            )}
          </UserSection>
        </Box>
      </>
    );
  } else if (user.error) {
    content = (
      <LoadErrorBlock message={errorMessageFor(user.error, '会員の情報を読み込めませんでした')} onRetry={() => void user.mutate()} />
    );
  } else {
    content = <LoadingBlock label="会員の情報を読み込み中" />;
  }

  return (
    <Box component="main" sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5, minWidth: 0 }}>
      <BackLink />
      {content}
    </Box>
  );
}
