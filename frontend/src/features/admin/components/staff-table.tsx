import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

import type { AdminRole, StaffChange, StaffMember } from '@/features/admin/api/types';
import { isAdminRole, ROLE_LABELS } from '@/features/admin/utils/labels';
import { formatDateInJapan } from '@/lib/dates';

/** What the viewer's own row says instead of the controls (the gateway refuses it: 409 STAFF_SELF_CHANGE). */
export const SELF_CHANGE_NOTE = '自分自身は変更できません';

type StaffTableProps = {
  staff: readonly StaffMember[];
  myId: string;
  /** Whether the viewer manages staff (an admin): the rows then have their controls. */
  manage: boolean;
  /** A change is on its way: every control waits. */
  busy: boolean;
  /** Asks for a change: a role at once, (re)activation through the screen's confirmation. */
  onChange: (member: StaffMember, change: StaffChange) => void;
};

function roleLabel(role: string): string {
  return isAdminRole(role) ? ROLE_LABELS[role] : role;
}

function StatusChip({ active }: { active: boolean }) {
  return active ? (
    <Chip size="small" color="success" variant="outlined" label="有効" />
  ) : (
    <Chip size="small" variant="outlined" label="無効" />
  );
}

/** A row's controls: the role (native select) and 無効化 / 再有効化; the viewer's own row has none. */
function RowControls({ member, busy, onChange }: Pick<StaffTableProps, 'busy' | 'onChange'> & { member: StaffMember }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        value={member.role}
        disabled={busy}
        onChange={(event) => {
          const role: string = event.target.value;
          if (isAdminRole(role) && role !== member.role) onChange(member, { role });
        }}
        slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `${member.email} の権限` } }}
        sx={{ minWidth: 120 }}
      >
        {(['admin', 'support'] as const satisfies readonly AdminRole[]).map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
        {isAdminRole(member.role) ? null : <option value={member.role}>{member.role}</option>}
      </TextField>
      <Button
        size="small"
        variant="outlined"
        color={member.isActive ? 'error' : 'primary'}
        disabled={busy}
        aria-label={`${member.email} を${member.isActive ? '無効化' : '再有効化'}`}
        onClick={() => onChange(member, { isActive: !member.isActive })}
      >
        {member.isActive ? '無効化' : '再有効化'}
      </Button>
    </Box>
  );
}

/**
 * The staff accounts, by e-mail as the gateway sends them: role, whether the account may sign in, the last
 * sign-in and when it was added (times in Japan). For an admin each row but the viewer's own carries its
 * controls. On a phone the dates step aside and the table scrolls sideways if it must.
 */
export function StaffTable({ staff, myId, manage, busy, onChange }: StaffTableProps) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <TableContainer sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label="スタッフ一覧">
        <TableHead>
          <TableRow>
            <TableCell>メールアドレス</TableCell>
            <TableCell>権限</TableCell>
            <TableCell>状態</TableCell>
            {narrow ? null : <TableCell>最終ログイン</TableCell>}
            {narrow ? null : <TableCell>追加日</TableCell>}
            {manage ? <TableCell>操作</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {staff.map((member) => {
            const me = member.id === myId;
            return (
              <TableRow key={member.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {member.email}
                  {me ? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      （自分）
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>{roleLabel(member.role)}</TableCell>
                <TableCell>
                  <StatusChip active={member.isActive} />
                </TableCell>
                {narrow ? null : (
                  <TableCell>
                    {member.lastLogin === null ? '未ログイン' : formatDateInJapan(new Date(member.lastLogin), 'dateTime')}
                  </TableCell>
                )}
                {narrow ? null : <TableCell>{formatDateInJapan(new Date(member.createdAt), 'date')}</TableCell>}
                {manage ? (
                  <TableCell>
                    {me ? (
                      <Typography variant="body2" color="text.secondary">
                        {SELF_CHANGE_NOTE}
                      </Typography>
                    ) : (
                      <RowControls member={member} busy={busy} onChange={onChange} />
                    )}
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
