import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

import { BirthDataPrompt } from '@/components/ui/birth-data-prompt';
import { ChartPending } from '@/components/ui/chart-pending';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useReport } from '@/features/reports/api/get-report';
import { DateTimeline } from '@/features/reports/components/date-timeline';
import { ReportHourNote, ReportSections } from '@/features/reports/components/report-body';
import { ReportState } from '@/features/reports/components/report-state';
import { isChartBuilding } from '@/lib/chart-status';
import { localIsoDate } from '@/lib/dates';

/** What /life-fortune needs of the signed-in person (fields of the user object). */
export type LifeFortunePerson = {
  birthDate: string | null;
  baziChartStatus: string;
};

function LifeReport({ today }: { today: string }) {
  const life = useReport('life');
  return (
    <ReportState report={life.data} error={life.error} busy={life.isValidating} onRetry={life.retry}>
      {(report) => (
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 3, md: 4 },
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
            alignItems: 'start',
          }}
        >
          <Box>
            {report.title ? (
              <Typography variant="h2" component="p" data-testid="report-title" sx={{ fontSize: { xs: '1.375rem', sm: '1.75rem' }, mb: 3 }}>
                {report.title}
              </Typography>
            ) : null}
            <ReportHourNote hourDependent={report.hourDependent} />
            <ReportSections sections={report.sections} headingComponent="h2" />
          </Box>
          <Paper
            component="section"
            variant="outlined"
            aria-labelledby="life-timeline-title"
            sx={{ p: { xs: 2, sm: 3 }, position: { md: 'sticky' }, top: { md: 24 } }}
          >
            <Typography id="life-timeline-title" variant="h4" component="h2" sx={{ mb: 2 }}>
              人生の節目
            </Typography>
            <DateTimeline dates={report.importantDates} today={today} />
          </Paper>
        </Box>
      )}
    </ReportState>
  );
}

type LifeFortuneScreenProps = {
  person: LifeFortunePerson;
  /** Today, for past and upcoming dates; the clock's today unless a test fixes it. */
  now?: Date;
};

/** /life-fortune: the life report in full, its important dates on a vertical timeline, and the way back. */
export function LifeFortuneScreen({ person, now }: LifeFortuneScreenProps) {
  const today = useMemo(() => localIsoDate(now ?? new Date()), [now]);
  let body;
  if (!person.birthDate) body = <BirthDataPrompt />;
  else if (isChartBuilding(person.baziChartStatus)) body = <ChartPending />;
  else body = <LifeReport today={today} />;

  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, sm: 5 }, px: { xs: 2, sm: 3 } }}>
      <Link to={paths.profile} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        プロフィールへ戻る
      </Link>
      <Typography variant="h1" sx={{ mb: 0.5, fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
        人生の運勢
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        生まれ持った命式と大運から、人生の大きな流れを読み解きました。
      </Typography>
      {body}
    </Container>
  );
}
