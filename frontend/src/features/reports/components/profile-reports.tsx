import { useId, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';
import { useReport } from '@/features/reports/api/get-report';
import { ImportantDateList, ReportHourNote, ReportSections } from '@/features/reports/components/report-body';
import { ReportState } from '@/features/reports/components/report-state';
import { formatCalendarDate, localIsoDate } from '@/lib/dates';

function ReportCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} data-testid={testId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h3" component="h2" sx={{ fontSize: { xs: '1.125rem', sm: '1.25rem' }, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function ReportTitle({ children }: { children: string }) {
  if (!children) return null;
  return (
    <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', color: 'primary.dark', mb: 2 }} data-testid="report-title">
      {children}
    </Typography>
  );
}

const LifeFortuneLink = () => (
  <Button component={RouterLink} to={paths.lifeFortune} variant="contained" endIcon={<ArrowForwardIcon aria-hidden="true" />}>
    人生の運勢をタイムラインで見る
  </Button>
);

/** The profile's レポート tab: this year's report and the life report (which links to /life-fortune). */
export function ProfileReports({ now }: { now?: Date }) {
  const today = useMemo(() => localIsoDate(now ?? new Date()), [now]);
  const yearly = useReport('yearly');
  const life = useReport('life');
  const year = yearly.data?.year || Number(today.slice(0, 4));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ReportCard title={`${formatCalendarDate(String(year))}の運勢`} testId="yearly-report">
        <ReportState report={yearly.data} error={yearly.error} busy={yearly.isValidating} onRetry={yearly.retry}>
          {(report) => (
            <>
              <ReportTitle>{report.title}</ReportTitle>
              <ReportHourNote hourDependent={report.hourDependent} />
              <ReportSections sections={report.sections} headingComponent="h3" />
              {report.importantDates.length > 0 ? (
                <>
                  <Typography variant="h4" component="h3" sx={{ mt: 3, mb: 1 }}>
                    今年の大切な日
                  </Typography>
                  <ImportantDateList dates={report.importantDates} today={today} />
                </>
              ) : null}
            </>
          )}
        </ReportState>
      </ReportCard>

      <ReportCard title="人生の流れ" testId="life-report">
        <ReportState report={life.data} error={life.error} busy={life.isValidating} onRetry={life.retry}>
          {(report) => (
            <>
              <ReportTitle>{report.title}</ReportTitle>
              <ReportHourNote hourDependent={report.hourDependent} />
              <ReportSections sections={report.sections} headingComponent="h3" />
              {report.importantDates.length > 0 ? (
                <>
                  <Typography variant="h4" component="h3" sx={{ mt: 3, mb: 1 }}>
                    人生の節目
                  </Typography>
                  <ImportantDateList dates={report.importantDates} today={today} />
                </>
              ) : null}
            </>
          )}
        </ReportState>
        <Box sx={{ mt: 2.5 }}>
          <LifeFortuneLink />
        </Box>
      </ReportCard>
    </Box>
  );
}
