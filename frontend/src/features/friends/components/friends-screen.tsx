import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { useBlockedMembers } from '@/features/friends/api/get-blocks';
import { useFriends } from '@/features/friends/api/get-friends';
import type { Member } from '@/features/friends/api/types';
import { BlockedList } from '@/features/friends/components/blocked-list';
import { FriendList } from '@/features/friends/components/friend-list';
import { FriendSearch } from '@/features/friends/components/friend-search';
import { InviteLinkCard } from '@/features/friends/components/invite-link-card';
import { IncomingRequests, OutgoingRequests } from '@/features/friends/components/request-lists';
import { useFriendAction, type FriendActionKind } from '@/features/friends/hooks/use-friend-action';
import { FRIEND_CHANGES, type FriendChange } from '@/features/friends/utils/friend-changes';
import { displayName } from '@/features/friends/utils/members';

type FriendsScreenProps = {
  /** The signed-in member's id (their invite link). */
  userId: string;
};

type Pending = { change: FriendChange; member: Member };


/**
 * /friends (spec §2): the invite link, the search, requests received and sent, friends with their
 * compatibility, and the blocked members. Removing and blocking ask first.
 */
export function FriendsScreen({ userId }: FriendsScreenProps) {
  const friends = useFriends();
  const blocked = useBlockedMembers();
  const { run, running } = useFriendAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = running !== null;

  const act = (kind: FriendActionKind, member: Member) => void run(kind, member);
  const confirm = async () => {
    if (!pending) return;
    await run(pending.change, pending.member);
    setPending(null);
  };

  const data = friends.data;
  return (
    <Container component="main" maxWidth="md" sx={{ pt: { xs: 2.5, sm: 5 }, pb: { xs: 3, sm: 5 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, mb: 2.5, px: 0.5 }}>
        フレンド
      </Typography>
      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 } }}>
        <FriendSearch onAction={act} busy={busy} />

        {data && data.incoming.length > 0 ? (
          <Section title="届いた申請" count={data.incoming.length}>
            <IncomingRequests requests={data.incoming} onAction={act} busy={busy} />
          </Section>
        ) : null}

        <Section title="フレンド" count={data?.friends.length}>
          {data ? (
            data.friends.length > 0 ? (
              <FriendList friends={data.friends} onChange={(change, member) => setPending({ change, member })} busy={busy} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                まだフレンドがいません。ユーザー名で探すか、招待リンクを送ってみましょう。
              </Typography>
            )
          ) : friends.error ? (
            <LoadErrorBlock message="フレンドを読み込めませんでした。" onRetry={() => void friends.mutate()} />
          ) : (
            <LoadingBlock label="フレンドを読み込み中" />
          )}
        </Section>

        {data && data.outgoing.length > 0 ? (
          <Section title="送った申請" count={data.outgoing.length}>
            <OutgoingRequests requests={data.outgoing} onAction={act} busy={busy} />
          </Section>
        ) : null}

        <InviteLinkCard userId={userId} />

        {blocked.data && blocked.data.length > 0 ? (
          <Section title="ブロック中のユーザー" count={blocked.data.length}>
            <BlockedList members={blocked.data} onAction={act} busy={busy} />
          </Section>
        ) : blocked.error ? (
          <Section title="ブロック中のユーザー">
            <LoadErrorBlock message="ブロック中のユーザーを読み込めませんでした。" onRetry={() => void blocked.mutate()} />
          </Section>
        ) : null}
      </Box>

      <ConfirmDialog
        open={pending !== null}
        title={pending ? FRIEND_CHANGES[pending.change].title(displayName(pending.member)) : ''}
        text={pending ? FRIEND_CHANGES[pending.change].text : ''}
        confirmLabel={pending ? FRIEND_CHANGES[pending.change].confirm : ''}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Container>
  );
}

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        {title}
        {count !== undefined ? (
          <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontWeight: 400, fontSize: '0.9rem' }}>
            {count}人
          </Box>
        ) : null}
      </Typography>
      {children}
    </Paper>
  );
}
