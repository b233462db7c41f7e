import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import TuneIcon from '@mui/icons-material/Tune';

import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { toast } from '@/components/ui/toast/toast-store';
import { useStaff } from '@/features/admin/api/tickets';
import { useUserLedger } from '@/features/admin/api/users';
import type { AdminLedgerEntry, StaffMember } from '@/features/admin/api/types';
import { CreditAdjustDialog } from '@/features/admin/components/credit-adjust-dialog';
import { PartUnavailable, UserSection } from '@/features/admin/components/user-section';
import { adjustmentDoneMessage } from '@/features/admin/utils/credit-adjustment';
import { PART_UNAVAILABLE } from '@/features/admin/utils/labels';
import { staffEmail } from '@/features/admin/utils/staff-names';
import { errorMessageFor, isApiError } from '@/lib/api-client';
import { ledgerReasonLabel } from '@/lib/credit-labels';
import { formatDate } from '@/lib/dates';
import { formatCreditDelta } from '@/lib/money';

type UserCreditsCardProps = {
  userId: string;
  /** The member's balance; null when billing did not answer (nothing more is asked then). */
  balance: number | null;
  /** Whether the signed-in staff member may adjust credits (the `admin` role). */
  canAdjust: boolean;
  /** Called once an adjustment is stored (the member's page is read again). */
  onChanged: () => Promise<void>;
};

/**
 * The member's credits: the balance, the ledger newest first ("もっと見る" reads older entries), with the
 * staff's reason under each adjustment, and for admins 「クレジットを調整」. After an adjustment the page and
 * every ledger page read so far are read again, so the balance and the new entry show at once.
 */
export function UserCreditsCard({ userId, balance, canAdjust, onChanged }: UserCreditsCardProps) {
  const ledger = useUserLedger(userId, balance !== null);
  const staff = useStaff();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Each opening is a new dialog, with a new requestId.
  const [opening, setOpening] = useState(0);

  const action =
    canAdjust && balance !== null ? (
      <Button
        size="small"
        variant="outlined"
        startIcon={<TuneIcon aria-hidden="true" />}
        onClick={() => {
          setOpening((n) => n + 1);
          setDialogOpen(true);
        }}
      >
        クレジットを調整
      </Button>
    ) : null;

  let content;
  if (balance === null) {
    content = <PartUnavailable />;
  } else {
    content = (
      <>
        <Typography>
          残高 <strong>{`${balance}クレジット`}</strong>
        </Typography>
        {ledger.error && ledger.entries.length === 0 ? (
          <LoadErrorBlock
            message={
              isApiError(ledger.error) && ledger.error.status === 503
                ? PART_UNAVAILABLE
                : errorMessageFor(ledger.error, 'クレジットの履歴を読み込めませんでした')
            }
            onRetry={() => void ledger.mutate()}
          />
        ) : ledger.data === undefined ? (
          <LoadingBlock label="クレジットの履歴を読み込み中" />
        ) : ledger.entries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            まだ履歴はありません
          </Typography>
        ) : (
          <>
            <LedgerTable entries={ledger.entries} staff={staff.data?.staff} />
            {ledger.hasMore ? (
              <Box>
                <Button size="small" disabled={ledger.loadingMore} onClick={() => void ledger.setSize(ledger.size + 1)}>
                  {ledger.loadingMore ? '読み込み中...' : 'もっと見る'}
                </Button>
              </Box>
            ) : null}
          </>
        )}
      </>
    );
  }

  return (
    <UserSection title="クレジット" action={action} sx={{ gridColumn: '1 / -1' }}>
      {content}
      {canAdjust && balance !== null ? (
        <CreditAdjustDialog
          key={opening}
          open={dialogOpen}
          userId={userId}
          balance={balance}
          onClose={() => setDialogOpen(false)}
          onDone={(answer) => {
            setDialogOpen(false);
            toast({ title: adjustmentDoneMessage(answer.entry.delta) });
            void Promise.all([onChanged(), ledger.mutate()]);
          }}
        />
      ) : null}
    </UserSection>
  );
}

const at = (stamp: string) => formatDate(new Date(stamp), 'dateTime');

/** Who made an adjustment, once the staff list is known: （sato@…）. */
function actorText(actorId: string | null, staff: readonly StaffMember[] | undefined): string {
  if (actorId === null || staff === undefined) return '';
  return `（${staffEmail(staff, actorId) ?? '不明なスタッフ'}）`;
}

/** The entries read so far; an adjustment shows the staff's reason and who made it. */
function LedgerTable({ entries, staff }: { entries: readonly AdminLedgerEntry[]; staff: readonly StaffMember[] | undefined }) {
  return (
    <Box sx={{ overflowX: 'auto', mx: { xs: -1, sm: 0 } }}>
      <Table
        size="small"
        aria-label="クレジットの履歴"
        sx={{ '& td, & th': { px: { xs: 1, sm: 2 } }, '& th': { whiteSpace: 'nowrap' } }}
      >
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
              {/* On a phone the date and the time may take two lines, leaving room for the amounts. */}
              <TableCell sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, minWidth: { xs: 96, sm: 0 } }}>
                <time dateTime={entry.createdAt}>{at(entry.createdAt)}</time>
              </TableCell>
              <TableCell sx={{ minWidth: { xs: 120, sm: 160 } }}>
                {ledgerReasonLabel(entry.reason, entry.delta)}
                {entry.note !== null ? (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {`理由: ${entry.note}${actorText(entry.actorId, staff)}`}
                  </Typography>
                ) : null}
              </TableCell>
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
