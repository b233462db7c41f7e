import Chip from '@mui/material/Chip';

import type { TicketPriority, TicketStatus } from '@/features/admin/api/types';
import { PRIORITY_LABELS, STATUS_LABELS } from '@/features/admin/utils/labels';

const STATUS_COLORS = { open: 'info', in_progress: 'warning', closed: 'default' } as const;

/** 受付中 / 対応中 / 完了, coloured as the member app's status chip (features/support) so both read alike. */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  return (
    <Chip
      size="small"
      variant={status === 'closed' ? 'outlined' : 'filled'}
      color={STATUS_COLORS[status]}
      label={STATUS_LABELS[status]}
    />
  );
}

const PRIORITY_COLORS = { low: 'default', normal: 'default', high: 'warning', urgent: 'error' } as const;

/** 低 / 通常 / 高 / 緊急: the two that need attention in colour, the others quiet. */
export function TicketPriorityChip({ priority }: { priority: TicketPriority }) {
  const loud = priority === 'high' || priority === 'urgent';
  return (
    <Chip
      size="small"
      variant={loud ? 'filled' : 'outlined'}
      color={PRIORITY_COLORS[priority]}
      label={PRIORITY_LABELS[priority]}
    />
  );
}
