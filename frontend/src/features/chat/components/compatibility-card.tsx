import { useId } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import type { CompatibilityPart, Gender } from '@/features/chat/api/types';
import { formatCalendarDate } from '@/lib/dates';

const GENDER_LABEL: Record<Gender, string> = { male: '男性', female: '女性' };

function clampScore(score: number): number {
  return Math.max(0, Math.min(100, Math.round(score)));
}

/** Who the reading was about: the name the person gave, else the birth date and gender. */
function targetName({ target }: CompatibilityPart): string {
  const born = `${formatCalendarDate(target.birthDate)}生まれの${GENDER_LABEL[target.gender]}`;
  return target.label ? `${target.label}（${born}）` : born;
}

/** A compatibility answer in the chat: the score out of 100, what it means and the factors behind it. */
export function CompatibilityCard({ part }: { part: CompatibilityPart }) {
  const titleId = useId();
  const score = clampScore(part.score);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, my: 1, borderRadius: '16px' }}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '0.95rem', fontWeight: 700 }}>
        相性占いの結果
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
        {targetName(part)}
      </Typography>
      <Typography component="p" sx={{ mt: 1, lineHeight: 1 }} data-testid="chat-compatibility-score">
        <Box component="span" sx={{ fontSize: '2.2rem', fontWeight: 700, color: 'secondary.dark' }}>
          {score}
        </Box>{' '}
        <Box component="span" sx={{ fontSize: '1rem' }}>
          / 100
        </Box>
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
        {part.summary}
      </Typography>
      {part.factors.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1.25 }}>
          {part.factors.map((factor) => {
            const value = clampScore(factor.score);
            return (
              <Box component="li" key={factor.key}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {factor.label}
                  </Typography>
                  <Typography variant="body2">{value} / 100</Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={value}
                  color="secondary"
                  aria-label={`${factor.label} ${value} / 100`}
                  sx={{ height: 6, borderRadius: 3, my: 0.5 }}
                />
                <Typography variant="body2" color="text.secondary">
                  {factor.detail}
                </Typography>
              </Box>
            );
          })}
        </Box>
      ) : null}
    </Paper>
  );
}
