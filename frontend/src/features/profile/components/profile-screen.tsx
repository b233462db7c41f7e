import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';

import { BirthDataPrompt } from '@/components/ui/birth-data-prompt';
import { ChartPending } from '@/components/ui/chart-pending';
import { useChart, type StoredChart } from '@/features/profile/api/get-chart';
import { ChartTab } from '@/features/profile/components/chart-tab';
import { ElementsTab } from '@/features/profile/components/elements-tab';
import { ProfileHeader } from '@/features/profile/components/profile-header';
import type { ProfilePerson } from '@/features/profile/components/profile-person';
import { isChartBuilding } from '@/lib/chart-status';
import { localIsoDate } from '@/lib/dates';

export const PROFILE_TABS = [
  { id: 'chart', label: '命式' },
  { id: 'elements', label: '五行' },
  { id: 'reports', label: 'レポート' },
] as const;
export type ProfileTabId = (typeof PROFILE_TABS)[number]['id'];

const isTabId = (value: string | null): value is ProfileTabId => PROFILE_TABS.some((tab) => tab.id === value);

type ProfileScreenProps = {
  person: ProfilePerson;
  /** The reports tab's content (yearly and life reports belong to the reports feature). */
  reports: ReactNode;
  /** Today, for the current luck pillar; the clock's today unless a test fixes it. */
  now?: Date;
};

function ChartError({ onRetry }: { onRetry: () => void }) {
  return (
    <Box role="alert" sx={{ py: 6, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>命式を読み込めませんでした。通信の状態を確かめて、もう一度お試しください。</Typography>
      <Button variant="outlined" onClick={onRetry}>
        もう一度読み込む
      </Button>
    </Box>
  );
}

/**
 * /profile: the person and their birth data, then three tabs — 命式 (pillars, hidden stems, 大運), 五行
 * (the balance as a chart and in words) and レポート. The tabs are there even while the chart is being
 * built, so the onboarding tour always finds them; the panels then show the waiting state. The open tab
 * is kept in `?tab=`, so a reload or a shared link opens the same one.
 */
export function ProfileScreen({ person, reports, now }: ProfileScreenProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ProfileTabId = isTabId(requested) ? requested : 'chart';
  // Once opened, the reports panel stays mounted (hidden), so its state survives switching tabs.
  const [reportsOpened, setReportsOpened] = useState(false);
  if (tab === 'reports' && !reportsOpened) setReportsOpened(true);

  const hasBirthDate = Boolean(person.birthDate);
  const building = isChartBuilding(person.baziChartStatus);
  const { data: chart, error, mutate } = useChart({ enabled: hasBirthDate && !building });
  const today = useMemo(() => localIsoDate(now ?? new Date()), [now]);

  const select = (next: ProfileTabId) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 'chart') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };

  /** What a chart panel shows: the prompt, the waiting state, an error, or the chart itself. */
  const chartPanel = (render: (chart: StoredChart) => ReactNode) => {
    if (!hasBirthDate) return <BirthDataPrompt />;
    if (error) return <ChartError onRetry={() => void mutate()} />;
    if (building || !chart) return <ChartPending />;
    return render(chart);
  };

  const panels: Record<ProfileTabId, ReactNode> = {
    chart: chartPanel((ready) => <ChartTab chart={ready} today={today} />),
    elements: chartPanel((ready) => <ElementsTab chart={ready} />),
    reports: !hasBirthDate ? <BirthDataPrompt /> : building ? <ChartPending /> : reports,
  };

  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 0, sm: 4 }, px: { xs: 1.5, sm: 3 }, pb: { xs: 4, sm: 6 } }}>
      <ProfileHeader
        person={person}
        timeKnown={chart?.analysis ? chart.analysis.timeKnown : true}
        hourDependent={chart?.analysis?.hourDependent ?? []}
      />

      <Tabs
        value={tab}
        onChange={(_, next: ProfileTabId) => select(next)}
        aria-label="プロフィールの表示"
        variant="fullWidth"
        data-tour="profile-tabs"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 2,
          bgcolor: 'background.default',
          borderBottom: '1px solid',
          borderColor: 'divider',
          mt: { xs: 0, sm: 2 },
          mb: 2,
          '& .MuiTab-root': { fontSize: '1rem', fontWeight: 700, minHeight: 52 },
        }}
      >
        {PROFILE_TABS.map(({ id, label }) => (
          <Tab
            key={id}
            value={id}
            label={label}
            id={`profile-tab-${id}`}
            aria-controls={`profile-tabpanel-${id}`}
            data-tour={id === 'reports' ? 'profile-reports-tab' : undefined}
          />
        ))}
      </Tabs>

      {PROFILE_TABS.map(({ id }) => {
        const active = tab === id;
        // Chart panels render only while open; the reports panel stays once opened (it polls).
        const mounted = active || (id === 'reports' && reportsOpened);
        return (
          <Box
            key={id}
            role="tabpanel"
            id={`profile-tabpanel-${id}`}
            aria-labelledby={`profile-tab-${id}`}
            hidden={!active}
            data-testid={`profile-panel-${id}`}
          >
            {mounted ? panels[id] : null}
          </Box>
        );
      })}
    </Container>
  );
}
