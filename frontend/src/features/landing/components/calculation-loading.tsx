import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';

import { elementColors } from '@/theme/palette';

const ELEMENTS = [
  { key: 'wood', glyph: '木' },
  { key: 'fire', glyph: '火' },
  { key: 'earth', glyph: '土' },
  { key: 'metal', glyph: '金' },
  { key: 'water', glyph: '水' },
] as const;

const turn = keyframes`
  to { transform: rotate(360deg); }
`;

const glow = keyframes`
  0%, 100% { opacity: 0.55; scale: 0.9; }
  50% { opacity: 1; scale: 1; }
`;

/** Shown while the chart is calculated (at least 3 s): the five elements circling one another. */
export function CalculationLoading() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ py: { xs: 6, sm: 8 }, display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}
    >
      <Box
        aria-hidden="true"
        sx={{
          position: 'relative',
          width: 132,
          height: 132,
          mb: 2,
          animation: `${turn} 6s linear infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        <Box sx={{ position: 'absolute', inset: 18, borderRadius: '50%', border: '1px dashed', borderColor: 'primary.light' }} />
        {ELEMENTS.map(({ key, glyph }, i) => {
          const angle = (i / ELEMENTS.length) * 2 * Math.PI - Math.PI / 2;
          return (
            <Box
              key={key}
              sx={{
                position: 'absolute',
                left: `${50 + 38 * Math.cos(angle)}%`,
                top: `${50 + 38 * Math.sin(angle)}%`,
                translate: '-50% -50%',
                width: 34,
                height: 34,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                color: '#ffffff',
                fontWeight: 700,
                fontSize: '0.95rem',
                bgcolor: elementColors[key].main,
                animation: `${glow} 1.5s ease-in-out ${i * 0.3}s infinite, ${turn} 6s linear infinite reverse`,
                '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
              }}
            >
              {glyph}
            </Box>
          );
        })}
      </Box>
      <Typography variant="h3" component="p">
        命式を読み解いています...
      </Typography>
      <Typography color="text.secondary">あなたが生まれた瞬間の空を計算しています</Typography>
    </Box>
  );
}
