import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import type { ImportantDate } from '@/features/reports/api/get-report';
import { timelineOf } from '@/features/reports/utils/important-dates';
import { formatCalendarDate } from '@/lib/dates';

const STATE_LABELS = { past: '過ぎた節目', next: '次の節目', future: 'これからの節目' } as const;

type DateTimelineProps = {
  dates: ImportantDate[];
  /** `YYYY-MM-DD`, the browser's today. */
  today: string;
};

/**
 * The important dates of a life on a vertical line, in time order: the ones behind are quieter, the next
 * one to come stands out. The state is also spoken (過ぎた節目 / 次の節目), not only shown by colour.
 */
export function DateTimeline({ dates, today }: DateTimelineProps) {
  const entries = timelineOf(dates, today);
  if (entries.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        節目の日付はまだありません。
      </Typography>
    );
  }
  return (
    <Box component="ol" data-testid="date-timeline" sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative' }}>
      {entries.map((entry, index) => {
        const past = entry.state === 'past';
        const next = entry.state === 'next';
        const last = index === entries.length - 1;
        return (
          <Box
            component="li"
            key={`${index}-${entry.date}`}
            data-testid="timeline-entry"
            data-state={entry.state}
            aria-current={next ? 'date' : undefined}
            sx={{ position: 'relative', display: 'grid', gridTemplateColumns: '28px 1fr', columnGap: 1.5, pb: last ? 0 : 2.5 }}
          >
            {/* The line and the dot. */}
            <Box aria-hidden="true" sx={{ position: 'relative', display: 'flex', justifyContent: 'center' }}>
              {last ? null : (
                <Box sx={{ position: 'absolute', top: 18, bottom: -20, width: 2, bgcolor: past ? 'divider' : 'primary.light' }} />
              )}
              <Box
                sx={{
                  mt: next ? 0.25 : 0.75,
                  width: next ? 22 : 14,
                  height: next ? 22 : 14,
                  borderRadius: '50%',
                  bgcolor: past ? 'background.paper' : next ? 'secondary.main' : 'primary.main',
                  border: '3px solid',
                  borderColor: past ? 'divider' : next ? 'secondary.light' : 'primary.light',
                  boxShadow: next ? '0 0 0 4px rgba(200, 146, 58, 0.2)' : 'none',
                  zIndex: 1,
                }}
              />
            </Box>
            <Box
              sx={{
                p: next ? 2 : 0,
                mt: next ? -0.5 : 0,
                borderRadius: 3,
                bgcolor: next ? 'rgba(200, 146, 58, 0.10)' : 'transparent',
                border: next ? '1px solid' : 'none',
                borderColor: 'secondary.light',
                color: past ? 'text.secondary' : 'text.primary',
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700, color: past ? 'text.secondary' : 'primary.main' }}>
                  {formatCalendarDate(entry.date)}
                </Typography>
                <Box
                  component="span"
                  sx={
                    next
                      ? { px: 1, borderRadius: 999, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: '0.75rem', fontWeight: 700 }
                      : { fontSize: '0.75rem' }
                  }
                  className={next ? undefined : 'visually-hidden'}
                >
                  {STATE_LABELS[entry.state]}
                </Box>
              </Box>
              <Typography sx={{ fontWeight: 700, mt: 0.25 }}>{entry.label}</Typography>
              {entry.detail ? (
                <Typography variant="body2" sx={{ color: past ? 'text.secondary' : 'text.primary', mt: 0.25 }}>
                  {entry.detail}
                </Typography>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
