import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { alpha } from '@mui/material/styles';

import type { ImportantDate, ReportSection } from '@/features/reports/api/get-report';
import { timelineOf } from '@/features/reports/utils/important-dates';
import { hourDependentLabels } from '@/lib/bazi-details';
import { formatCalendarDate } from '@/lib/dates';

/** A section body's paragraphs: separated by a blank line; a single line break stays a line break. */
export const paragraphsOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');

type ReportSectionsProps = {
  sections: ReportSection[];
  /** The sections' heading element: h3 inside a card on the profile, h2 on /life-fortune. */
  headingComponent: 'h2' | 'h3';
};

/** The report's sections: a heading each and its paragraphs. */
export function ReportSections({ sections, headingComponent }: ReportSectionsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {sections.map((section, index) => (
        <Box component="section" key={`${index}-${section.heading}`} data-testid="report-section">
          <Typography
            variant="h4"
            component={headingComponent}
            sx={{ mb: 0.75, pl: 1.25, borderLeft: '3px solid', borderColor: 'secondary.main', lineHeight: 1.5 }}
          >
            {section.heading}
          </Typography>
          {paragraphsOf(section.body).map((paragraph, paragraphIndex) => (
            <Typography key={paragraphIndex} sx={{ whiteSpace: 'pre-line', '& + &': { mt: 1.25 } }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}

/**
 * With an unknown birth time: which parts of the report rest on the assumed 12:00, so they read as
 * 参考. Nothing when the report names none.
 */
export function ReportHourNote({ hourDependent }: { hourDependent: string[] }) {
  if (hourDependent.length === 0) return null;
  return (
    <Typography
      variant="body2"
      role="note"
      data-testid="report-hour-note"
      sx={{
        mb: 2,
        p: 1.5,
        borderRadius: 2,
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.06),
        borderLeft: '4px solid',
        borderColor: 'primary.main',
      }}
    >
      出生時刻が不明のため、12:00として計算しています。時柱は読み解きに使わず、次の内容は参考としてご覧ください: {hourDependentLabels(hourDependent).join('・')}
    </Typography>
  );
}

/** The important dates as a plain list in time order (the profile's reports tab). */
export function ImportantDateList({ dates, today }: { dates: ImportantDate[]; today: string }) {
  if (dates.length === 0) return null;
  const ordered = timelineOf(dates, today);
  return (
    <Box component="ul" data-testid="important-dates" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {ordered.map((item, index) => (
        <Box
          component="li"
          key={`${index}-${item.date}`}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '9em 1fr' }, columnGap: 2, p: 1.5, borderRadius: 2, bgcolor: 'background.default' }}
        >
          <Box component="span" sx={{ fontWeight: 700, color: item.state === 'past' ? 'text.secondary' : 'primary.main' }}>
            {formatCalendarDate(item.date)}
            {item.state === 'next' ? (
              <Box component="span" sx={{ ml: 1, fontSize: '0.75rem', color: 'secondary.dark' }}>
                次の節目
              </Box>
            ) : null}
          </Box>
          <Box>
            <Typography component="span" sx={{ fontWeight: 700, display: 'block' }}>
              {item.label}
            </Typography>
            {item.detail ? (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {item.detail}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
