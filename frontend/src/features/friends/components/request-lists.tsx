import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import type { FriendRequest, Member } from '@/features/friends/api/types';
import { MemberList, MemberRow } from '@/features/friends/components/member-row';
import type { FriendActionKind } from '@/features/friends/hooks/use-friend-action';
import { formatMoment } from '@/features/friends/utils/members';

type RequestListProps = {
  requests: FriendRequest[];
  onAction: (kind: FriendActionKind, member: Member) => void;
  busy: boolean;
};

function Sent({ at, verb }: { at: string; verb: string }) {
  const day = formatMoment(at);
  if (day === '') return null;
  return (
    <Typography variant="caption" color="text.secondary">
      {day}に{verb}
    </Typography>
  );
}

/** Requests others sent the caller: 承認する / お断りする. */
export function IncomingRequests({ requests, onAction, busy }: RequestListProps) {
  return (
    <MemberList label="届いた申請">
      {requests.map((request) => (
        <MemberRow
          key={request.userId}
          member={request}
          detail={<Sent at={request.createdAt} verb="申請" />}
          actions={
            <>
              <Button variant="contained" size="small" disabled={busy} onClick={() => onAction('accept', request)}>
                承認する
              </Button>
              <Button variant="outlined" size="small" disabled={busy} onClick={() => onAction('decline', request)}>
                お断りする
              </Button>
            </>
          }
        />
      ))}
    </MemberList>
  );
}

/** Requests the caller sent and that wait for an answer: 取り消す. */
export function OutgoingRequests({ requests, onAction, busy }: RequestListProps) {
  return (
    <MemberList label="送った申請">
      {requests.map((request) => (
        <MemberRow
          key={request.userId}
          member={request}
          detail={<Sent at={request.createdAt} verb="申請済み" />}
          actions={
            <Button variant="outlined" size="small" disabled={busy} onClick={() => onAction('cancel', request)}>
              申請を取り消す
            </Button>
          }
        />
      ))}
    </MemberList>
  );
}
