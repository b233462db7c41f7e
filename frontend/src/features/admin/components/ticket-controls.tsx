import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { assignTicket, updateTicket } from '@/features/admin/api/tickets';
import type { AdminTicket, StaffMember } from '@/features/admin/api/types';
import {
  PRIORITY_LABELS,
  STATUS_LABELS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  isTicketPriority,
  isTicketStatus,
} from '@/features/admin/utils/labels';
import { assigneeLabel } from '@/features/admin/utils/staff-names';
import { errorMessageFor } from '@/lib/api-client';

type TicketControlsProps = {
  ticket: AdminTicket;
  myId: string;
  staff: readonly StaffMember[] | undefined;
  /** Called with the gateway's answer once a change is stored. */
  onChanged: (ticket: AdminTicket) => Promise<void>;
};

const NATIVE_SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * What staff set on a ticket: who handles it (自分 / someone / nobody: POST …/assign) and its status and
 * priority (PATCH). One change at a time; a refusal (403 ADMIN_FORBIDDEN for a role that may not) is shown
 * here in the gateway's words and the ticket stays as it was.
 */
export function TicketControls({ ticket, myId, staff, onChanged }: TicketControlsProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (change: () => Promise<AdminTicket>) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onChanged(await change());
    } catch (error) {
      setFailure(errorMessageFor(error, '変更できませんでした。もう一度お試しください'));
    } finally {
      setBusy(false);
    }
  };
  const assign = (adminId: string | null) => void run(() => assignTicket(ticket.id, adminId));

  // Active staff can be given a ticket; an inactive assignee stays listed so the select can show them.
  const assignable = (staff ?? []).filter((member) => member.isActive || member.id === ticket.assignedTo);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        対応
      </Typography>
      {failure !== null ? <Alert severity="error">{failure}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2">
          担当: <strong>{assigneeLabel(ticket.assignedTo, myId, staff)}</strong>
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {ticket.assignedTo !== myId ? (
            <Button size="small" variant="outlined" disabled={busy} onClick={() => assign(myId)}>
              自分に割り当てる
            </Button>
          ) : null}
          {ticket.assignedTo !== null ? (
            <Button size="small" disabled={busy} onClick={() => assign(null)}>
              割り当てを外す
            </Button>
          ) : null}
        </Box>
        <TextField
          select
          label="担当者"
          size="small"
          fullWidth
          disabled={busy}
          value={ticket.assignedTo ?? ''}
          onChange={(event) => assign(event.target.value === '' ? null : event.target.value)}
          slotProps={NATIVE_SELECT}
        >
          <option value="">未割り当て</option>
          {assignable.map((member) => (
            <option key={member.id} value={member.id}>
              {`${member.email}${member.id === myId ? '（自分）' : member.isActive ? '' : '（無効）'}`}
            </option>
          ))}
          {/* Until the staff list has come (or if it lacks the assignee), the current value still has an option. */}
          {ticket.assignedTo !== null && !assignable.some((member) => member.id === ticket.assignedTo) ? (
            <option value={ticket.assignedTo}>{assigneeLabel(ticket.assignedTo, myId, staff)}</option>
          ) : null}
        </TextField>
      </Box>
      <TextField
        select
        label="ステータス"
        size="small"
        fullWidth
        disabled={busy}
        value={ticket.status}
        onChange={(event) => {
          const status = event.target.value;
          if (isTicketStatus(status) && status !== ticket.status) void run(() => updateTicket(ticket.id, { status }));
        }}
        slotProps={NATIVE_SELECT}
      >
        {TICKET_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="優先度"
        size="small"
        fullWidth
        disabled={busy}
        value={ticket.priority}
        onChange={(event) => {
          const priority = event.target.value;
          if (isTicketPriority(priority) && priority !== ticket.priority) {
            void run(() => updateTicket(ticket.id, { priority }));
          }
        }}
        slotProps={NATIVE_SELECT}
      >
        {TICKET_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {PRIORITY_LABELS[priority]}
          </option>
        ))}
      </TextField>
    </Paper>
  );
}
