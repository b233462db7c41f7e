import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useNavigate } from 'react-router';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useCompatibility } from '@/features/friends/api/get-compatibility';
import type { Compatibility, CompatibilityFactor } from '@/features/friends/api/types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MemberAvatar } from '@/features/friends/components/member-avatar';
import { ScoreRing } from '@/features/friends/components/score-ring';
import { useFriendAction } from '@/features/friends/hooks/use-friend-action';
import { clampScore, scoreWord } from '@/features/friends/utils/compatibility';
import { FRIEND_CHANGES, type FriendChange } from '@/features/friends/utils/friend-changes';
import { displayName, formatMoment } from '@/features/friends/utils/members';
import { isApiError } from '@/lib/api-client';

/**
 * A friend's compatibility page (/friends/{userId}): the score, the summary, each factor with its own
 * score, and what each brings the other. Neither side's birth data is ever shown (the API has none).
 * While social is still working it out the page waits and asks again; without a birth date on either
 * side it says so. Removing or blocking the friend asks first and returns to /friends.
 */
export function CompatibilityScreen({ userId }: { userId: string }) {
  const { data, error, mutate } = useCompatibility(userId);
  return (
    <Container component="main" maxWidth="md" sx={{ pt: { xs: 2, sm: 4 }, pb: { xs: 3, sm: 5 }, px: { xs: 2, sm: 3 } }}>
      <Button component={Link} to={paths.friends} startIcon={<ArrowBackIcon />} sx={{ mb: 1.5 }}>
        フレンド一覧へ
      </Button>
      {data ? (
        <CompatibilityBody compatibility={data} />
      ) : error ? (
        isApiError(error) && error.status === 404 ? (
          <Notice title="フレンドが見つかりませんでした">
            フレンドを解除したか、相手のアカウントが削除された可能性があります。
          </Notice>
        ) : (
          <Notice title="相性を読み込めませんでした" role="alert">
            <Button variant="outlined" onClick={() => void mutate()} sx={{ mt: 1 }}>
              もう一度読み込む
            </Button>
          </Notice>
        )
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="相性を読み込み中" />
        </Box>
      )}
    </Container>
  );
}

function CompatibilityBody({ compatibility }: { compatibility: Compatibility }) {
  const { friend } = compatibility;
  const name = displayName(friend);
  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 } }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 0.5 }}>
        <MemberAvatar member={friend} size={56} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.8rem' }, overflowWrap: 'anywhere' }}>
            {name}さんとの相性
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            @{friend.username}
          </Typography>
        </Box>
      </Box>
      <StatusBody compatibility={compatibility} name={name} />
      <FriendChanges compatibility={compatibility} />
    </Box>
  );
}

function StatusBody({ compatibility, name }: { compatibility: Compatibility; name: string }) {
  switch (compatibility.status) {
    case 'pending':
      return (
        <Paper variant="outlined" role="status" sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>相性を計算中... ふたりの命式を読み合わせています。</Typography>
        </Paper>
      );
    case 'unavailable':
      return (
        <Notice title="相性を計算できません">
          どちらかの生年月日が登録されていないため、相性を出せません。生年月日は設定画面から登録できます。
        </Notice>
      );
    case 'ready':
      return <ReadyBody compatibility={compatibility} name={name} />;
    default:
      return (
        <Notice title="相性を計算できませんでした" role="alert">
          時間をおいて、もう一度このページを開いてください。
        </Notice>
      );
  }
}

function ReadyBody({ compatibility, name }: { compatibility: Compatibility; name: string }) {
  const score = compatibility.score ?? 0;
  const computed = formatMoment(compatibility.computedAt);
  return (
    <>
      <Paper component="section" aria-label="相性のまとめ" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', gap: { xs: 2, sm: 3 }, alignItems: 'center', flexWrap: 'wrap' }}>
          <ScoreRing score={score} />
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, color: 'secondary.dark', mb: 0.5 }}>{scoreWord(clampScore(score))}</Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="compatibility-summary">
              {compatibility.summary}
            </Typography>
          </Box>
        </Box>
      </Paper>

      {compatibility.factors.length > 0 ? (
        <Panel title="相性のポイント">
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
            {compatibility.factors.map((factor) => (
              <FactorItem key={factor.key} factor={factor} />
            ))}
          </Box>
        </Panel>
      ) : null}

      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Panel title={`あなたが${name}さんにもたらすもの`}>
          <Paragraphs text={compatibility.youBring} />
        </Panel>
        <Panel title={`${name}さんがあなたにもたらすもの`}>
          <Paragraphs text={compatibility.friendBrings} />
        </Panel>
      </Box>

      <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
        {computed ? `${computed}に計算。` : ''}
        おふたりの生年月日や出生時刻・出生地は、お互いに表示されません。
      </Typography>
    </>
  );
}

function FactorItem({ factor }: { factor: CompatibilityFactor }) {
  const labelId = useId();
  const value = clampScore(factor.score);
  return (
    <li>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography id={labelId} sx={{ fontWeight: 700 }}>
          {factor.label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {value}点
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={value}
        color="secondary"
        aria-labelledby={labelId}
        sx={{ height: 8, borderRadius: 4, mb: 0.75 }}
      />
      <Typography variant="body2" color="text.secondary">
        {factor.detail}
      </Typography>
    </li>
  );
}

function Paragraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return paragraphs.map((line, index) => (
    <Typography key={index} variant="body2" component="p" sx={{ '& + &': { mt: 0.75 } }}>
      {line}
    </Typography>
  ));
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.05rem', mb: 1.25 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Notice({ title, children, role }: { title: string; children: ReactNode; role?: 'alert' }) {
  return (
    <Paper variant="outlined" role={role} sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="div">
        {children}
      </Typography>
    </Paper>
  );
}


function FriendChanges({ compatibility }: { compatibility: Compatibility }) {
  const navigate = useNavigate();
  const { run, running } = useFriendAction();
  const [change, setChange] = useState<FriendChange | null>(null);
  const name = displayName(compatibility.friend);

  const confirm = async () => {
    if (!change) return;
    const state = await run(change, compatibility.friend);
    setChange(null);
    if (state !== null) void navigate(paths.friends);
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', pt: 1 }}>
      <Button variant="text" color="inherit" onClick={() => setChange('remove')} disabled={running !== null}>
        {FRIEND_CHANGES.remove.label}
      </Button>
      <Button variant="text" color="error" onClick={() => setChange('block')} disabled={running !== null}>
        {FRIEND_CHANGES.block.label}
      </Button>
      <ConfirmDialog
        open={change !== null}
        title={change ? FRIEND_CHANGES[change].title(name) : ''}
        text={change ? FRIEND_CHANGES[change].text : ''}
        confirmLabel={change ? FRIEND_CHANGES[change].confirm : ''}
        busy={running !== null}
        onConfirm={() => void confirm()}
        onClose={() => setChange(null)}
      />
    </Box>
  );
}
