import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import type { CompatibilityStatus } from '@/features/friends/api/types';
import { clampScore, compatibilityStatusText, scoreWord } from '@/features/friends/utils/compatibility';

type ScoreLineProps = {
  status: CompatibilityStatus;
  score: number | null;
};

/** A friend's compatibility in one line: 相性 82点 とても良い相性, or why there is no score yet. */
export function ScoreLine({ status, score }: ScoreLineProps) {
  if (status === 'ready' && score !== null) {
    const value = clampScore(score);
    return (
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, flexWrap: 'wrap' }}>
        <Typography variant="body2" component="span" sx={{ color: 'secondary.dark', fontWeight: 700 }}>
          相性 <Box component="span" sx={{ fontSize: '1.15rem' }}>{value}</Box>点
        </Typography>
        <Typography variant="caption" component="span" color="text.secondary">
          {scoreWord(value)}
        </Typography>
      </Box>
    );
  }
  return (
    <Typography variant="caption" color="text.secondary">
      {compatibilityStatusText(status)}
    </Typography>
  );
}
