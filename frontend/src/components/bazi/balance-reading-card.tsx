import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { readBalance } from '@/lib/balance-reading';
import type { ElementBalance } from '@/lib/bazi';
import { elementColors } from '@/theme/palette';

type BalanceReadingCardProps = {
  elements: ElementBalance;
  /** The title's element: h4 under the landing's h3, h3 on the profile. */
  headingComponent?: 'h3' | 'h4';
};

/** The balance in words: the overall shape, the leading element's character, what is missing, advice. */
export function BalanceReadingCard({ elements, headingComponent = 'h4' }: BalanceReadingCardProps) {
  const titleId = useId();
  const reading = readBalance(elements);
  const accent = elementColors[reading.dominant].main;

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      data-testid="balance-reading"
      data-shape={reading.shape}
      sx={{
        mt: 3,
        p: { xs: 2, sm: 3 },
        borderRadius: '4px 16px 16px 4px',
        bgcolor: '#f7f3ea',
        borderLeft: '4px solid',
        borderLeftColor: accent,
      }}
    >
      <Typography id={titleId} variant="h4" component={headingComponent} sx={{ mb: 1 }}>
        五行が語るあなた
      </Typography>
      <Typography sx={{ fontWeight: 700, mb: 1 }} data-testid="balance-reading-headline">
        {reading.headline}
      </Typography>
      <Typography variant="body2" sx={{ mb: reading.notes.length > 0 ? 1 : 1.5 }}>
        {reading.trait}
      </Typography>
      {reading.notes.length > 0 ? (
        <Box component="ul" sx={{ m: 0, mb: 1.5, pl: 2.5, typography: 'body2' }}>
          {reading.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </Box>
      ) : null}
      <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.dark' }} data-testid="balance-reading-advice">
        ひとこと：{reading.advice}
      </Typography>
    </Box>
  );
}
