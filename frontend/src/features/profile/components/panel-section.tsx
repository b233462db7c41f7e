import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { HOUR_DEPENDENT_MARK } from '@/lib/bazi-details';

type PanelSectionProps = {
  title: string;
  description?: ReactNode;
  /** True when the result rests on the assumed 12:00 (unknown birth time): the title says so. */
  reference?: boolean;
  testId?: string;
  children: ReactNode;
};

/** One titled card inside a profile tab. */
export function PanelSection({ title, description, reference = false, testId, children }: PanelSectionProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 3 }, '& + &': { mt: 2 } }}
    >
      <Typography id={titleId} variant="h3" component="h2" sx={{ fontSize: { xs: '1.125rem', sm: '1.25rem' }, mb: description ? 0.5 : 1.5 }}>
        {title}
        {reference ? (
          <Box component="span" data-testid="reference-mark" sx={{ ml: 0.5, fontSize: '0.8125rem', fontWeight: 400, color: 'text.secondary' }}>
            {HOUR_DEPENDENT_MARK}
          </Box>
        ) : null}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {description}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}
