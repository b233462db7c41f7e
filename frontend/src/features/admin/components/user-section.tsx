import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

import { PART_UNAVAILABLE } from '@/features/admin/utils/labels';

type UserSectionProps = {
  title: string;
  /** Beside the title (a button that acts on this part). */
  action?: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
};

/** One card of the user page: a titled region (named by its title for screen readers and tests). */
export function UserSection({ title, action, sx, children }: UserSectionProps) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={[{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start', minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** In place of a part whose service did not answer: the page is still useful without it. */
export function PartUnavailable() {
  return (
    <Typography variant="body2" color="text.secondary">
      {PART_UNAVAILABLE}
    </Typography>
  );
}

/** A list of terms and their values, the term beside the value. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.75 }}
    >
      {children}
    </Typography>
  );
}

export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
