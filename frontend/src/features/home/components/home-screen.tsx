import { useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

import { localTimezoneOffset, useDailyFortune } from '@/features/home/api/get-daily-fortune';
import { useDayInfo } from '@/features/home/api/get-day-info';
import { useFortuneBadgesPrefetch } from '@/features/home/api/get-fortune-badges';
import { useFriendUpdates } from '@/features/home/api/get-friend-updates';
import { AboutLink } from '@/features/home/components/about-link';
import { DailyFortuneCard, type DailyFortuneState } from '@/features/home/components/daily-fortune-card';
import { DayInfoBadges } from '@/features/home/components/day-info-badges';
import { DosDontsPanel, type DosDontsState } from '@/features/home/components/dos-donts-panel';
import { FriendUpdatesSection, type FriendUpdatesState } from '@/features/home/components/friend-updates-section';
import { ProfileSetupPrompt } from '@/features/home/components/profile-setup-prompt';
import { ShopCard } from '@/features/home/components/shop-card';
import { useChartPolling } from '@/features/home/hooks/use-chart-polling';
import { isChartBuilding, isChartFailed } from '@/features/home/utils/chart-status';
import { fortuneLines } from '@/features/home/utils/fortune-lines';
import { greetingFor } from '@/features/home/utils/greeting';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';

/** What home needs of the signed-in person (fields of the user object, docs/api/accounts.md). */
export type HomeUser = {
  username: string | null;
  birthDate: string | null;
  baziChartStatus: string;
  credits: number | null;
};

type HomeScreenProps = {
  user: HomeUser;
  /**
   * Reads the current user again (the route passes the auth feature's quiet refresh). Called every
   * 3 s while the chart is being built; the new user arrives through `user`.
   */
  onRefreshUser: () => Promise<void>;
};

/** Home for a signed-in person (spec §2): the profile prompt, or today's reading and the rest. */
export function HomeScreen({ user, onRefreshUser }: HomeScreenProps) {
  if (!user.username || !user.birthDate) return <ProfileSetupPrompt />;
  return <HomeDashboard user={user} username={user.username} onRefreshUser={onRefreshUser} />;
}

function HomeDashboard({ user, username, onRefreshUser }: HomeScreenProps & { username: string }) {
  // Fixed for the visit, so the reading's key does not change under it.
  const [timezoneOffset] = useState(localTimezoneOffset);
  const [checking, setChecking] = useState(false);
  const building = isChartBuilding(user.baziChartStatus);
  const failed = isChartFailed(user.baziChartStatus);

  const daily = useDailyFortune(timezoneOffset, !building && !failed);
  const dayInfo = useDayInfo(timezoneOffset);
  const friendUpdates = useFriendUpdates(timezoneOffset, true);
  useFortuneBadgesPrefetch(true);

  // The user may already read `ready` while the reading route still answers 409 CHART_NOT_READY (the
  // two come from different places): that is still "being built", and the reading is asked again too.
  const chartNotReady = daily.data === undefined && isApiError(daily.error) && daily.error.code === 'CHART_NOT_READY';
  const waiting = building || chartNotReady;
  useChartPolling(waiting, async () => {
    await onRefreshUser();
    if (chartNotReady) await daily.mutate();
  });

  const retryDaily = () => void daily.mutate();
  const checkAgain = () => {
    setChecking(true);
    void onRefreshUser().finally(() => setChecking(false));
  };

  const reading = daily.data;
  const readingFailed = reading === undefined && daily.error !== undefined;
  const fortuneState: DailyFortuneState = waiting
    ? { status: 'building' }
    : failed
      ? { status: 'failed', onCheckAgain: checkAgain, checking }
      : readingFailed || (reading !== undefined && fortuneLines(reading.fortune).length === 0)
        ? { status: 'error', onRetry: retryDaily }
        : reading === undefined
          ? { status: 'loading' }
          : { status: 'ready', reading };

  const dosDontsState: DosDontsState =
    waiting || failed
      ? { status: 'waiting' }
      : readingFailed || (reading !== undefined && reading.dos.length === 0 && reading.donts.length === 0)
        ? { status: 'error', onRetry: retryDaily }
        : reading === undefined
          ? { status: 'loading' }
          : { status: 'ready', dos: reading.dos, donts: reading.donts };

  const friendsState: FriendUpdatesState = friendUpdates.data
    ? { status: 'ready', date: friendUpdates.data.date, updates: friendUpdates.data.updates }
    : friendUpdates.error
      ? { status: 'error', onRetry: () => void friendUpdates.mutate() }
      : { status: 'loading' };

  const now = new Date();
  return (
    <Container component="main" maxWidth="md" sx={{ pt: { xs: 2.5, sm: 5 }, pb: { xs: 3, sm: 5 }, px: { xs: 2, sm: 3 } }}>
      <Box
        component="header"
        sx={{ mb: 2, px: 0.5, display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ letterSpacing: '0.08em' }}>
            {formatDate(now, 'monthDayWeekday')}
          </Typography>
          <Typography component="p" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
            {greetingFor(now)}、{username}さん
          </Typography>
        </Box>
        <AboutLink />
      </Box>
      {/* One column on phones; from md the dos and the friends sit side by side under the fortune. */}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2.5, sm: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
          '& > .home-wide': { gridColumn: { md: '1 / -1' } },
        }}
      >
        <DailyFortuneCard state={fortuneState} className="home-wide" />
        <DayInfoBadges items={dayInfo.data} className="home-wide" />
        <DosDontsPanel state={dosDontsState} />
        <FriendUpdatesSection state={friendsState} />
        <ShopCard credits={user.credits} className="home-wide" />
      </Box>
    </Container>
  );
}
