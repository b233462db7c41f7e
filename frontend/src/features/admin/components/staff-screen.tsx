import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonAddOutlinedIcon from '@mui/icons-material/PersonAddOutlined';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { toast } from '@/components/ui/toast/toast-store';
import { changeStaff, useStaffChanged } from '@/features/admin/api/staff';
import { useStaff } from '@/features/admin/api/tickets';
import type { StaffChange, StaffMember } from '@/features/admin/api/types';
import { NewStaffDialog } from '@/features/admin/components/new-staff-dialog';
import { StaffTable } from '@/features/admin/components/staff-table';
import { useSignedInAdmin } from '@/features/admin/hooks/use-signed-in-admin';
import { isAdminRole, ROLE_LABELS } from '@/features/admin/utils/labels';
import { errorMessageFor } from '@/lib/api-client';

const LOAD_FAILED = 'スタッフを読み込めませんでした';
const CHANGE_FAILED = '変更できませんでした。もう一度お試しください';

/** A (re)activation waiting for its confirmation. */
type Pending = { member: StaffMember; isActive: boolean };

function confirmation({ member, isActive }: Pending) {
  return isActive
    ? {
        title: 'スタッフを再有効化しますか？',
        text: `${member.email} をもう一度有効にします。このアカウントで再びログインできるようになります。`,
        confirmLabel: '再有効化する',
      }
    : {
        title: 'スタッフを無効化しますか？',
        text: `${member.email} を無効にします。このアカウントはログインできなくなり、使用中のセッションもすぐに使えなくなります。`,
        confirmLabel: '無効化する',
      };
}

/** What a stored change says in the toast. */
function doneMessage(member: StaffMember, change: StaffChange): string {
  if (change.role !== undefined && isAdminRole(change.role)) {
    return `${member.email} の権限を${ROLE_LABELS[change.role]}に変更しました`;
  }
  return change.isActive ? `${member.email} を再有効化しました` : `${member.email} を無効化しました`;
}

/**
 * /admin/staff: the staff accounts. An admin adds one (スタッフを追加), changes a role, and deactivates or
 * reactivates an account after confirming; their own row has no controls (nobody deactivates or demotes
 * themself, so one admin always remains). A support viewer sees the list only. One change at a time: every
 * control waits while one is on its way, so a double click sends one request; after it the list is read
 * again (the inbox's and the audit log's names follow).
 */
export function StaffScreen() {
  const { session } = useSignedInAdmin();
  const staff = useStaff();
  const staffChanged = useStaffChanged();
  const manage = session.admin.role === 'admin';

  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inFlight = useRef(false);

  const apply = async (member: StaffMember, change: StaffChange) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await changeStaff(member.id, change);
      await staffChanged();
      toast({ title: doneMessage(member, change) });
    } catch (error) {
      setFailure(errorMessageFor(error, CHANGE_FAILED));
    } finally {
      inFlight.current = false;
      setBusy(false);
      setPending(null);
    }
  };

  const requestChange = (member: StaffMember, change: StaffChange) => {
    if (change.isActive === undefined) void apply(member, change);
    else setPending({ member, isActive: change.isActive });
  };

  let content;
  if (staff.data) {
    content = (
      <StaffTable staff={staff.data.staff} myId={session.admin.id} manage={manage} busy={busy} onChange={requestChange} />
    );
  } else if (staff.error) {
    content = <LoadErrorBlock message={errorMessageFor(staff.error, LOAD_FAILED)} onRetry={() => void staff.mutate()} />;
  } else {
    content = <LoadingBlock label="スタッフを読み込み中" />;
  }

  return (
    <Box
      component="main"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, justifyContent: 'space-between' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' } }}>
          スタッフ
        </Typography>
        {manage ? (
          <Button
            variant="contained"
            startIcon={<PersonAddOutlinedIcon aria-hidden="true" />}
            disabled={busy}
            onClick={() => setAdding(true)}
          >
            スタッフを追加
          </Button>
        ) : null}
      </Box>
      {manage ? null : (
        <Alert severity="info">スタッフの追加や変更は管理者のみが行えます。一覧の閲覧のみできます。</Alert>
      )}
      {failure !== null ? <Alert severity="error">{failure}</Alert> : null}
      {content}
      {adding ? (
        <NewStaffDialog
          onClose={() => setAdding(false)}
          onCreated={(member) => {
            setAdding(false);
            toast({ title: `${member.email} を追加しました` });
            void staffChanged();
          }}
        />
      ) : null}
      {pending !== null ? (
        <ConfirmDialog
          open
          {...confirmation(pending)}
          busy={busy}
          onConfirm={() => void apply(pending.member, { isActive: pending.isActive })}
          onClose={() => setPending(null)}
        />
      ) : null}
    </Box>
  );
}
