import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { PILLAR_KEYS, PILLAR_LABELS, type Pillar, type PillarKey } from '@/lib/bazi';

type PillarChartProps = {
  chart: Record<PillarKey, Pillar>;
};

/** The four pillars side by side, each heavenly stem above its earthly branch. */
export function PillarChart({ chart }: PillarChartProps) {
  return (
    <Box
      component="dl"
      aria-label="四柱"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: { xs: 1, sm: 2 }, m: 0 }}
    >
      {PILLAR_KEYS.map((key) => (
        <Box
          key={key}
          data-testid={`pillar-${key}`}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            borderRadius: 3,
            border: '1px solid',
            borderColor: 'divider',
            bgcolor: 'background.paper',
            py: 2,
          }}
        >
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 700, mb: 1 }}>
            {PILLAR_LABELS[key]}
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
            <Box
              component="span"
              data-testid={`pillar-${key}-stem`}
              sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, fontWeight: 700, lineHeight: 1.3, color: 'primary.main' }}
            >
              {chart[key].heavenlyStem}
            </Box>
            <Box
              component="span"
              data-testid={`pillar-${key}-branch`}
              sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, fontWeight: 700, lineHeight: 1.3, color: 'text.primary' }}
            >
              {chart[key].earthlyBranch}
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
