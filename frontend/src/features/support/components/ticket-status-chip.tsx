import Chip from '@mui/material/Chip';

import type { TicketStatus } from '@/features/support/api/types';
import { STATUS_LABELS } from '@/features/support/utils/ticket-rules';

const COLORS = { open: 'info', in_progress: 'warning', closed: 'default' } as const;

/** 受付中 / 対応中 / 完了. */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  return <Chip size="small" variant={status === 'closed' ? 'outlined' : 'filled'} color={COLORS[status]} label={STATUS_LABELS[status]} />;
}

/** The 「新着」 mark with the number of staff replies not read yet; nothing when there are none. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
<Chip size="small" color="error" label={`新着 ${count}`} sx={{ fontWeight: 700 }} />
  );
}
