import { memo, type CSSProperties } from 'react';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

import { ONBOARDING_STAR_COUNT } from '@/config/constants';

const flicker = keyframes`
  0%, 100% { opacity: var(--star-low); transform: scale(0.8); }
  45% { opacity: 1; transform: scale(1); }
  55% { opacity: 0.85; }
`;

type Star = { x: number; y: number; size: number; low: number; durationS: number; delayS: number; warm: boolean };

/** A small seeded generator (mulberry32): the sky looks random but is the same on every visit and in tests. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeStars(count: number): Star[] {
  const random = seeded(0x6d656775); // "megu"
  return Array.from({ length: count }, () => ({
    x: random() * 100,
    y: random() * 100,
    size: 1 + random() * 2,
    low: 0.2 + random() * 0.35,
    durationS: 2 + random() * 3.5,
    delayS: random() * 4,
    warm: random() < 0.3,
  }));
}

const STARS = makeStars(ONBOARDING_STAR_COUNT);

/** The intro's background: 60 stars that flicker each at its own pace (still under reduced motion). */
export const StarField = memo(function StarField() {
  return (
    <Box aria-hidden="true" data-testid="onboarding-stars" sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }}>
      {STARS.map((star, i) => (
        <Box
          key={i}
          component="span"
          data-star=""
          style={
            {
              left: `${star.x}%`,
              top: `${star.y}%`,
              width: star.size,
              height: star.size,
              animationDuration: `${star.durationS}s`,
              animationDelay: `${star.delayS}s`,
              '--star-low': star.low,
              backgroundColor: star.warm ? '#ffe7b8' : '#ffffff',
            } as CSSProperties
          }
          sx={{
            position: 'absolute',
            borderRadius: '50%',
            boxShadow: '0 0 6px rgba(255, 244, 214, 0.8)',
            opacity: 0.8,
            animationName: `${flicker}`,
            animationTimingFunction: 'ease-in-out',
            animationIterationCount: 'infinite',
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      ))}
    </Box>
  );
});
