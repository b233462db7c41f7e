import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useInvite } from '@/features/friends/api/get-invite';
import type { Invite, Member } from '@/features/friends/api/types';
import { MemberAvatar } from '@/features/friends/components/member-avatar';
import { RelationActions } from '@/features/friends/components/relation-actions';
import { useFriendAction } from '@/features/friends/hooks/use-friend-action';
import { displayName } from '@/features/friends/utils/members';
import { isApiError } from '@/lib/api-client';
import { nightSky, starField } from '@/theme/palette';

/**
 * /invite/{userId} (spec §2, open to everyone): the inviter's card — picture, first name, username and
 * nothing else. A visitor signs up from it (the wizard carries the inviter, and the request follows once
 * the e-mail is verified); a member sees フレンド申請 or where the two already stand; the inviter sees
 * their own page. An unknown or deleted id gets a clear not-found card.
 */
export function InviteScreen({ userId }: { userId: string }) {
  const { data, error, mutate } = useInvite(userId);
  let content: ReactNode;
  if (data) {
    content = <InviteCard invite={data} userId={userId} />;
  } else if (isApiError(error) && error.status === 404) {
    content = (
      <Card>
        <Typography variant="h1" sx={{ fontSize: '1.4rem', mb: 1.5 }}>
          ユーザーが見つかりませんでした
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          招待リンクが間違っているか、招待した方のアカウントが削除されています。
        </Typography>
        <Link to={paths.landing}>トップページへ</Link>
      </Card>
    );
  } else if (error) {
    content = (
      <Card role="alert">
        <Typography variant="h1" sx={{ fontSize: '1.4rem', mb: 1.5 }}>
          招待を読み込めませんでした
        </Typography>
        <Button variant="outlined" onClick={() => void mutate()}>
          もう一度読み込む
        </Button>
      </Card>
    );
  } else {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="招待を読み込み中" sx={{ color: nightSky.gold }} />
      </Box>
    );
  }
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: { xs: 4, sm: 8 },
        backgroundColor: nightSky.deep,
        backgroundImage: `${starField}, linear-gradient(180deg, ${nightSky.deep} 0%, ${nightSky.mid} 70%, ${nightSky.glow} 100%)`,
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 480 }}>
        <Typography sx={{ color: nightSky.gold, textAlign: 'center', letterSpacing: '0.3em', mb: 2, fontWeight: 700 }}>
          Meguri 巡り
        </Typography>
        {content}
      </Box>
    </Box>
  );
}

function Card({ children, role }: { children: ReactNode; role?: 'alert' }) {
  return (
    <Paper role={role} sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', borderRadius: 3 }}>
      {children}
    </Paper>
  );
}

function InviteCard({ invite, userId }: { invite: Invite; userId: string }) {
  const { inviter } = invite;
  const name = displayName(inviter);
  return (
    <Card>
      <Box component="section" aria-label="招待した人" sx={{ display: 'grid', justifyItems: 'center', gap: 1, mb: 2.5 }}>
        <MemberAvatar member={inviter} size={88} />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, overflowWrap: 'anywhere' }}>
          {invite.state === 'self' ? 'あなたの招待ページ' : `${name}さんからの招待`}
        </Typography>
        {inviter.firstName ? (
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{inviter.firstName}</Typography>
        ) : null}
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          @{inviter.username}
        </Typography>
      </Box>
      <InviteAction invite={invite} inviter={inviter} name={name} userId={userId} />
    </Card>
  );
}

function InviteAction({ invite, inviter, name, userId }: { invite: Invite; inviter: Member; name: string; userId: string }) {
  const { run, running } = useFriendAction();
  const act = (kind: Parameters<typeof run>[0], member: Member) => void run(kind, member);
  const busy = running !== null;

  switch (invite.state) {
    case null:
      return (
        <>
          <Typography color="text.secondary" sx={{ mb: 2.5, textAlign: 'left' }}>
            {`Meguri（巡り）は、四柱推命で毎日の流れを読み解くアプリです。登録すると${name}さんにフレンド申請が届き、フレンドになるとふたりの相性や、お互いの今日の様子が見られます。`}
          </Typography>
          <Button component={RouterLink} to={paths.auth.signupInvitedBy(userId)} variant="contained" size="large" fullWidth>
            登録してフレンドになる
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            アカウントをお持ちの方は<Link to={paths.auth.login}>ログイン</Link>して、このページをもう一度開いてください。
          </Typography>
        </>
      );
    case 'self':
      return (
        <>
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            このページのリンクを送ると、登録した人からあなたにフレンド申請が届きます。
          </Typography>
          <Button component={RouterLink} to={paths.friends} variant="contained" fullWidth>
            フレンド画面へ
          </Button>
        </>
      );
    case 'friends':
      return (
        <>
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            {name}さんとはフレンドです。
          </Typography>
          <Button component={RouterLink} to={paths.friendCompatibility.href(inviter.userId)} variant="contained" fullWidth>
            相性を見る
          </Button>
        </>
      );
    case 'blocked':
      return (
        <>
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            このユーザーはブロック中です。ブロックはフレンド画面から解除できます。
          </Typography>
          <Button component={RouterLink} to={paths.friends} variant="outlined" fullWidth>
            フレンド画面へ
          </Button>
        </>
      );
    default: {
      const said =
        invite.state === 'outgoing'
          ? `フレンド申請を送りました。${name}さんの承認を待っています。`
          : invite.state === 'incoming'
            ? `${name}さんからフレンド申請が届いています。`
            : `${name}さんにフレンド申請を送りますか？`;
      return (
        <>
          <Typography color="text.secondary" sx={{ mb: 2.5 }} role="status">
            {said}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            <RelationActions member={inviter} state={invite.state} onAction={act} busy={busy} size="large" />
          </Box>
          <Box sx={{ mt: 2 }}>
            <Link to={paths.friends}>フレンド画面へ</Link>
          </Box>
        </>
      );
    }
  }
}
