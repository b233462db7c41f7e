import Alert from '@mui/material/Alert';

import { useInvite } from '@/features/friends/api/get-invite';
import { displayName } from '@/features/friends/utils/members';

/**
 * On the signup wizard after an invite link: who invited the visitor. Says nothing while loading or
 * when the inviter is unknown (the account is created all the same, without a request).
 */
export function InviteNotice({ inviterId }: { inviterId: string }) {
  const { data } = useInvite(inviterId);
  if (!data) return null;
  const name = displayName(data.inviter);
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2 }}>
      {name}さんからの招待です。登録してメール認証が済むと、{name}さんにフレンド申請が届きます。
    </Alert>
  );
}
