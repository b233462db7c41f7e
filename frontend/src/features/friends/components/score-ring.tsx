import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { clampScore } from '@/features/friends/utils/compatibility';

const SIZE = 132;
const STROKE = 10;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The score (0–100) as a gold ring around the number. The number is the accessible text. */
export function ScoreRing({ score }: { score: number }) {
  const value = clampScore(score);
  return (
    <Box sx={{ position: 'relative', width: SIZE, height: SIZE, flexShrink: 0 }}>
      <Box component="svg" width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden sx={{ display: 'block' }}>
        <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" stroke="currentColor" strokeOpacity={0.12} strokeWidth={STROKE} />
        <Box
          component="circle"
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - value / 100)}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
          sx={{ stroke: (theme) => theme.palette.secondary.main }}
        />
      </Box>
      <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
        <Typography component="p" sx={{ lineHeight: 1 }} data-testid="compatibility-score">
          <Box component="span" sx={{ fontSize: '2.4rem', fontWeight: 700 }}>
            {value}
          </Box>
          <Box component="span" sx={{ fontSize: '0.95rem', ml: 0.25 }}>
            点
          </Box>
        </Typography>
      </Box>
    </Box>
  );
}
