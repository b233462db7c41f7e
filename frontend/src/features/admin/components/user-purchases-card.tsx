import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { useUserPurchases } from '@/features/admin/api/users';
import type { AdminPurchase } from '@/features/admin/api/types';
import { PartUnavailable, UserSection } from '@/features/admin/components/user-section';
import { PART_UNAVAILABLE } from '@/features/admin/utils/labels';
import { errorMessageFor, isApiError } from '@/lib/api-client';
import { purchaseStatusLabel, type PurchaseStatus } from '@/lib/credit-labels';
import { formatDate } from '@/lib/dates';
import { formatYen } from '@/lib/money';

/** As the member's purchase history colours them, so both read alike. */
const STATUS_COLORS: Record<PurchaseStatus, ChipProps['color']> = {
  pending: 'info',
  completed: 'success',
  expired: 'default',
  failed: 'error',
  canceled: 'default',
  refunded: 'warning',
};

type UserPurchasesCardProps = {
  userId: string;
  /** billing did not answer for the member's page: nothing is asked. */
  unavailable: boolean;
};

/**
 * The member's purchases newest first, as the member sees them (date, pack × quantity, amount, status,
 * credits) plus what staff need to trace a payment: Stripe's session and payment ids, and the credits a
 * refund could not take back (the balance had been spent).
 */
export function UserPurchasesCard({ userId, unavailable }: UserPurchasesCardProps) {
  const purchases = useUserPurchases(userId, !unavailable);

  let content;
  if (unavailable) {
    content = <PartUnavailable />;
  } else if (purchases.error && !purchases.data) {
    content = (
      <LoadErrorBlock
        message={
          isApiError(purchases.error) && purchases.error.status === 503
            ? PART_UNAVAILABLE
            : errorMessageFor(purchases.error, '購入履歴を読み込めませんでした')
        }
        onRetry={() => void purchases.mutate()}
      />
    );
  } else if (!purchases.data) {
    content = <LoadingBlock label="購入履歴を読み込み中" />;
  } else if (purchases.data.purchases.length === 0) {
    content = (
      <Typography variant="body2" color="text.secondary">
        購入はありません
      </Typography>
    );
  } else {
    content = (
      <Box component="ul" aria-label="購入の一覧" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {purchases.data.purchases.map((purchase) => (
          <PurchaseItem key={purchase.id} purchase={purchase} />
        ))}
      </Box>
    );
  }

  return (
    <UserSection title="購入履歴" sx={{ gridColumn: '1 / -1' }}>
      {content}
    </UserSection>
  );
}

/** The credits a purchase brought: granted, and what a refund took back. */
function creditsText(purchase: AdminPurchase): string {
  if (purchase.status === 'pending') return '決済の確認待ち';
  if (purchase.creditsGranted === 0) return 'クレジットの追加なし';
  const granted = `${purchase.creditsGranted}クレジット`;
  return purchase.creditsClawedBack > 0 ? `${granted}（返金で${purchase.creditsClawedBack}クレジットを差し引き）` : granted;
}

function StripeId({ label, value }: { label: string; value: string | null }) {
  if (value === null) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
      {`${label}: `}
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {value}
      </Box>
    </Typography>
  );
}

function PurchaseItem({ purchase }: { purchase: AdminPurchase }) {
  const title = purchase.quantity > 1 ? `${purchase.itemTitle} × ${purchase.quantity}` : purchase.itemTitle;
  return (
    <Box
      component="li"
      aria-label={title}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Chip size="small" label={purchaseStatusLabel(purchase.status)} color={STATUS_COLORS[purchase.status]} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        <time dateTime={purchase.createdAt}>{formatDate(new Date(purchase.createdAt), 'dateTime')}</time>
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2">{`${formatYen(purchase.amount)}（税込）`}</Typography>
        <Typography variant="body2">{creditsText(purchase)}</Typography>
      </Box>
      {purchase.clawbackShortfall > 0 ? (
        <Typography variant="body2" color="warning.main">
          {`返金時に${purchase.clawbackShortfall}クレジットが不足し、差し引けませんでした`}
        </Typography>
      ) : null}
      <StripeId label="Stripe セッション" value={purchase.stripeSessionId} />
      <StripeId label="Stripe 決済" value={purchase.stripePaymentIntentId} />
    </Box>
  );
}
