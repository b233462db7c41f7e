import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useLedger } from '@/features/shop/api/get-ledger';
import { usePurchases } from '@/features/shop/api/get-purchases';
import type { LedgerEntry, Purchase, PurchaseStatus } from '@/features/shop/api/types';
import { ledgerReasonLabel, purchaseStatusLabel } from '@/features/shop/utils/labels';
import { formatCreditDelta, formatYen } from '@/features/shop/utils/money';
import { formatDate } from '@/lib/dates';

const STATUS_COLOR: Record<PurchaseStatus, ChipProps['color']> = {
  pending: 'info',
  completed: 'success',
  expired: 'default',
  failed: 'error',
  canceled: 'default',
  refunded: 'warning',
};

const at = (stamp: string) => formatDate(new Date(stamp), 'dateTime');

/**
 * /purchase-history (issue 16): each purchase with its date, pack, amount, credits and status, then the
 * credit ledger (grants, spends, refunds, purchases) that explains the balance.
 */
export function PurchaseHistoryScreen() {
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 3, sm: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Link to={paths.shop} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        ショップへ戻る
      </Link>
      <Typography variant="h1" sx={{ mb: 3, fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
        購入履歴
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <PurchasesSection />
        <LedgerSection />
      </Box>
    </Container>
  );
}

function PurchasesSection() {
  const { data, error, mutate } = usePurchases();
  return (
    <Paper component="section" variant="outlined" aria-labelledby="purchases-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="purchases-title" variant="h4" component="h2" sx={{ mb: 2 }}>
        購入
      </Typography>
      {error && !data ? (
        <LoadErrorBlock message="購入履歴を読み込めませんでした。" onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label="購入履歴を読み込み中" />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">
          まだ購入はありません。<Link to={paths.shop}>ショップ</Link>でクレジットを購入できます。
        </Typography>
      ) : (
        <Box component="ul" aria-label="購入の一覧" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {data.map((purchase) => (
            <PurchaseRow key={purchase.id} purchase={purchase} />
          ))}
        </Box>
      )}
    </Paper>
  );
}

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const title = purchase.quantity > 1 ? `${purchase.itemTitle} × ${purchase.quantity}` : purchase.itemTitle;
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Chip size="small" label={purchaseStatusLabel(purchase.status)} color={STATUS_COLOR[purchase.status]} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        <time dateTime={purchase.createdAt}>{at(purchase.createdAt)}</time>
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Typography>{formatYen(purchase.amount)}（税込）</Typography>
        <Typography>{creditsText(purchase)}</Typography>
      </Box>
    </Box>
  );
}

/** The credits a purchase brought: granted, and what a refund took back. */
function creditsText(purchase: Purchase): string {
  if (purchase.status === 'pending') return 'クレジットは決済の確認後に追加されます';
  if (purchase.creditsGranted === 0) return 'クレジットの追加なし';
  const granted = `${purchase.creditsGranted}クレジット`;
  return purchase.creditsClawedBack > 0 ? `${granted}（返金で${purchase.creditsClawedBack}クレジットを差し引き）` : granted;
}

function LedgerSection() {
  const { data, error, mutate } = useLedger();
  return (
    <Paper component="section" variant="outlined" aria-labelledby="ledger-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="ledger-title" variant="h4" component="h2" sx={{ mb: 0.5 }}>
        クレジットの履歴
      </Typography>
      {error && !data ? (
        <LoadErrorBlock message="クレジットの履歴を読み込めませんでした。" onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock label="クレジットの履歴を読み込み中" />
      ) : (
        <>
          <Typography sx={{ mb: 2 }} data-testid="ledger-balance">
            現在の残高 <strong>{data.balance}クレジット</strong>
          </Typography>
          {data.entries.length === 0 ? (
            <Typography color="text.secondary">まだ履歴はありません。</Typography>
          ) : (
            <LedgerTable entries={data.entries} />
          )}
        </>
      )}
    </Paper>
  );
}

function LedgerTable({ entries }: { entries: readonly LedgerEntry[] }) {
  return (
    <Box sx={{ overflowX: 'auto', mx: { xs: -1, sm: 0 } }}>
      <Table size="small" aria-labelledby="ledger-title" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              日時
            </TableCell>
            <TableCell component="th" scope="col">
              内容
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              増減
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              残高
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>
                <time dateTime={entry.createdAt}>{at(entry.createdAt)}</time>
              </TableCell>
              <TableCell>{ledgerReasonLabel(entry.reason, entry.delta)}</TableCell>
              <TableCell
                align="right"
                sx={{ fontWeight: 700, color: entry.delta < 0 ? 'error.main' : 'success.main', whiteSpace: 'nowrap' }}
              >
                {formatCreditDelta(entry.delta)}
              </TableCell>
              <TableCell align="right">{entry.balanceAfter}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
