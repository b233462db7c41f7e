import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';

import { nightSky, starField } from '@/theme/palette';

const nudge = keyframes`
  0%, 100% { transform: translateY(0); }
  50% { transform: translateY(4px); }
`;

type LandingHeroProps = {
  /** Scrolls to the birth form. */
  onStart: () => void;
  /** False while the intro plays: the hero fades in once it is over. */
  revealed?: boolean;
  /** The title, focused when the visitor skipped the intro with the keyboard. */
  titleRef?: Ref<HTMLHeadingElement>;
};

export function LandingHero({ onStart, revealed = true, titleRef }: LandingHeroProps) {
  return (
    <Box
      component="section"
      aria-labelledby="landing-title"
      data-testid="landing-hero"
      data-revealed={revealed}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        minHeight: { xs: '88svh', sm: '92vh' },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 3,
        pt: 10,
        pb: 8,
        color: nightSky.text,
        backgroundColor: nightSky.base,
        backgroundImage: `${starField}, radial-gradient(circle at 72% 18%, rgba(232,191,116,.28), transparent 38%), linear-gradient(180deg, ${nightSky.deep} 0%, ${nightSky.mid} 58%, #3d3478 100%)`,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          opacity: revealed ? 1 : 0,
          transform: revealed ? 'none' : 'translateY(16px)',
          transition: 'opacity 900ms ease, transform 900ms ease',
          '@media (prefers-reduced-motion: reduce)': { transform: 'none', transition: 'opacity 200ms linear' },
        }}
      >
        <Typography component="p" sx={{ letterSpacing: '0.5em', color: nightSky.muted, fontSize: '0.8rem', mb: 1.5 }}>
          MEGURI
        </Typography>
        <Typography
          id="landing-title"
          ref={titleRef}
          tabIndex={-1}
          variant="h1"
          sx={{
            fontSize: { xs: '3.25rem', sm: '4.5rem' },
            letterSpacing: '0.3em',
            mr: '-0.3em',
            mb: 3,
            textShadow: '0 0 28px rgba(232, 191, 116, 0.35)',
            outline: 'none',
          }}
        >
          巡り
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.05rem', sm: '1.3rem' }, letterSpacing: '0.08em', mb: 1.5 }}>
          生まれた瞬間の空が、あなたの流れを教えてくれる。
        </Typography>
        <Typography sx={{ color: nightSky.muted, mb: 5, maxWidth: 560 }}>
          四柱推命で、あなたの命式と五行のバランスを無料で読み解きます。
        </Typography>
        <Button
          variant="contained"
          color="secondary"
          size="large"
          endIcon={
            <KeyboardArrowDownIcon
              sx={{
                animation: `${nudge} 1.8s ease-in-out infinite`,
                '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
              }}
            />
          }
          onClick={onStart}
        >
          無料で命式を見る
        </Button>
      </Box>
    </Box>
  );
}
