import { useId } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import IosShareIcon from '@mui/icons-material/IosShare';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { Link as RouterLink } from 'react-router';

import { HOME_MAX_FRIEND_UPDATES } from '@/config/constants';
import { paths } from '@/config/paths';
import type { FriendUpdate } from '@/features/home/api/get-friend-updates';
import { updateFriendName, useShareUpdate } from '@/features/home/hooks/use-share-update';
import type { ShareNavigator } from '@/features/home/utils/share-update';
import { parseUpdateText } from '@/features/home/utils/update-text';

export type FriendUpdatesState =
  | { status: 'loading' }
  | { status: 'error'; onRetry: () => void }
  | { status: 'ready'; date: string; updates: FriendUpdate[] };

type FriendUpdatesSectionProps = {
  state: FriendUpdatesState;
  /** The Web Share API to use; the browser's own unless a test gives another. */
  shareNavigator?: ShareNavigator;
};

/**
 * Friends' flow of the day (spec §2): at most three updates, each laid out as a header with bullets or
 * as plain sentences, each shareable as an image. With no updates it says how they come and links to
 * /friends.
 */
export function FriendUpdatesSection({ state, shareNavigator }: FriendUpdatesSectionProps) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.05rem', letterSpacing: '0.08em', mb: 1.25 }}>
        友だちの今日
      </Typography>
      <FriendUpdatesBody state={state} shareNavigator={shareNavigator} />
    </Box>
  );
}

function FriendUpdatesBody({ state, shareNavigator }: FriendUpdatesSectionProps) {
  if (state.status === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
        <CircularProgress size={24} aria-label="友だちの今日を読み込み中" />
      </Box>
    );
  }
  if (state.status === 'error') {
    return (
      <Paper variant="outlined" role="alert" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
          友だちの今日を読み込めませんでした。
        </Typography>
        <Button size="small" variant="outlined" onClick={state.onRetry}>
          もう一度読み込む
        </Button>
      </Paper>
    );
  }
  const updates = state.updates.slice(0, HOME_MAX_FRIEND_UPDATES);
  if (updates.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 220px' }}>
          友だちを追加すると、ここにみんなの今日の流れが届きます
        </Typography>
        <Button component={RouterLink} to={paths.friends} variant="outlined" startIcon={<PersonAddAlt1Icon />}>
          友だちを探す
        </Button>
      </Paper>
    );
  }
  return <UpdateList date={state.date} updates={updates} shareNavigator={shareNavigator} />;
}

function UpdateList({ date, updates, shareNavigator }: { date: string; updates: FriendUpdate[]; shareNavigator?: ShareNavigator }) {
  const { share, sharing } = useShareUpdate(date, shareNavigator);
  return (
    <Box component="ul" aria-label="友だちの今日の様子" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {updates.map((update) => (
        <FriendUpdateCard
          key={update.id}
          update={update}
          sharing={sharing === update.id}
          busy={sharing !== null}
          onShare={() => void share(update)}
        />
      ))}
    </Box>
  );
}

type FriendUpdateCardProps = {
  update: FriendUpdate;
  sharing: boolean;
  busy: boolean;
  onShare: () => void;
};

function FriendUpdateCard({ update, sharing, busy, onShare }: FriendUpdateCardProps) {
  const friend = update.friends[0];
  const name = updateFriendName(update);
  const text = parseUpdateText(update.text);
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 1.5 }} data-testid="friend-update">
      <Avatar src={friend?.profileImageUrl ?? undefined} alt="" sx={{ bgcolor: 'primary.light', width: 40, height: 40 }}>
        {Array.from(name)[0]}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{name}さん</Typography>
        {text.kind === 'bullets' ? (
          <>
            {text.header ? <Typography variant="body2" sx={{ fontWeight: 700 }}>{text.header}</Typography> : null}
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, typography: 'body2' }}>
              {text.bullets.map((bullet, index) => (
                <li key={index}>{bullet}</li>
              ))}
            </Box>
          </>
        ) : (
          text.sentences.map((sentence, index) => (
            <Typography key={index} variant="body2" component="p">
              {sentence}
            </Typography>
          ))
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button
            size="small"
            variant="text"
            startIcon={sharing ? <CircularProgress size={16} aria-hidden /> : <IosShareIcon />}
            onClick={onShare}
            disabled={busy}
            aria-label={`${name}さんの今日を画像でシェア`}
          >
            {sharing ? '画像を作成中...' : '画像でシェア'}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
