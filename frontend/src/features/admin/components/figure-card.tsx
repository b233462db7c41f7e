import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** What a card says in place of a figure whose service did not answer. */
export const FIGURE_UNAVAILABLE = '取得できません';

type FigureCardProps = {
  title: string;
  /** The figure as written (1,234人); null when it could not be read, so the card says so instead. */
  value: string | null;
  /** A figure that needs someone's attention (failures above 0) stands out. */
  alert?: boolean;
  /** What the figure breaks down into, under it; left out while the figure is unavailable. */
  children?: ReactNode;
  /** The title's heading level: 2 among the page's sections, 3 inside one (the charts' period). */
  level?: 2 | 3;
};

/**
 * One of the dashboard's cards: a titled region (so it can be found by its title) with one large figure and
 * its details. A card whose figure is unavailable still stands, saying 取得できません, so the grid keeps its
 * shape and the other cards are read as usual.
 */
export function FigureCard({ title, value, alert = false, children, level = 2 }: FigureCardProps) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start', minWidth: 0 }}
    >
      <Typography id={titleId} variant="h2" component={`h${level}`} sx={{ fontSize: '0.95rem', fontWeight: 700, color: 'text.secondary' }}>
        {title}
      </Typography>
      {value === null ? (
        <Typography color="text.secondary">{FIGURE_UNAVAILABLE}</Typography>
      ) : (
        <>
          <Typography
            component="p"
            sx={{ fontSize: '1.8rem', fontWeight: 700, lineHeight: 1.2, color: alert ? 'error.main' : 'text.primary' }}
          >
            {value}
          </Typography>
          {children === undefined ? null : <Box sx={{ display: 'grid', gap: 0.5 }}>{children}</Box>}
        </>
      )}
    </Paper>
  );
}
