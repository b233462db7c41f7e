import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { keyframes } from '@mui/material/styles';

import { nightSky, starField } from '@/theme/palette';

/** The intro's four text phases: the cycle of the five elements, leading to the visitor's own flow. */
export const INTRO_LINES = [
  ['空をわたる星のように、', 'すべては巡っている。'],
  ['木は火を灯し、火は土を温め、', '土は金を育む。'],
  ['金は水を澄ませ、', '水はふたたび木を潤す。'],
  ['生まれた瞬間の空に、', 'あなただけの流れがある。'],
] as const;

const ELEMENT_GLYPHS = ['木', '火', '土', '金', '水'] as const;

const lineIn = keyframes`
  from { opacity: 0; transform: translateY(10px); filter: blur(4px); }
  to { opacity: 1; transform: none; filter: none; }
`;

const turn = keyframes`
  to { transform: rotate(360deg); }
`;

const twinkle = keyframes`
  0%, 100% { opacity: 0.55; }
  50% { opacity: 1; }
`;

type LandingIntroProps = {
  /** The text phase showing (0-3), or null during the fade. */
  phase: number | null;
  fading: boolean;
  fadeMs: number;
  onSkip: () => void;
};

/**
 * The first visit's intro: four short lines about the flow of the five elements over a night sky, then
 * a fade. Covers the page until it ends; the skip button ends it at once.
 */
export function LandingIntro({ phase, fading, fadeMs, onSkip }: LandingIntroProps) {
  const shownPhase = phase ?? INTRO_LINES.length - 1;
  const lines = INTRO_LINES[shownPhase] ?? INTRO_LINES[0];

  return (
    <Box
      component="section"
      aria-label="イントロ"
      data-testid="landing-intro"
      data-phase={phase ?? 'fade'}
      sx={(theme) => ({
        position: 'fixed',
        inset: 0,
        zIndex: theme.zIndex.appBar + 10,
        display: 'grid',
        placeItems: 'center',
        px: 3,
        color: nightSky.text,
        backgroundColor: nightSky.deep,
        backgroundImage: `${starField}, radial-gradient(ellipse at 50% 115%, rgba(91,79,156,.55), transparent 60%), radial-gradient(circle at 50% 45%, ${nightSky.mid} 0%, ${nightSky.deep} 70%)`,
        opacity: fading ? 0 : 1,
        transition: `opacity ${fadeMs}ms ease`,
        pointerEvents: fading ? 'none' : 'auto',
      })}
    >
      {/* The five elements circle slowly around the words. */}
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          width: 'min(78vw, 440px)',
          aspectRatio: '1',
          left: '50%',
          top: '50%',
          translate: '-50% -50%',
          borderRadius: '50%',
          border: '1px solid rgba(232, 191, 116, 0.22)',
          animation: `${turn} 60s linear infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        {ELEMENT_GLYPHS.map((glyph, i) => {
          const angle = (i / ELEMENT_GLYPHS.length) * 2 * Math.PI - Math.PI / 2;
          return (
            <Box
              key={glyph}
              component="span"
              sx={{
                position: 'absolute',
                left: `${50 + 50 * Math.cos(angle)}%`,
                top: `${50 + 50 * Math.sin(angle)}%`,
                translate: '-50% -50%',
                width: 34,
                height: 34,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontSize: '0.9rem',
                color: nightSky.gold,
                bgcolor: nightSky.deep,
                border: '1px solid rgba(232, 191, 116, 0.45)',
                // Turning back against the ring keeps each character upright.
                animation: `${twinkle} 4s ease-in-out ${i * 0.8}s infinite, ${turn} 60s linear infinite reverse`,
                '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
              }}
            >
              {glyph}
            </Box>
          );
        })}
      </Box>

      <Box
        key={shownPhase}
        component="p"
        aria-live="polite"
        data-testid="landing-intro-text"
        sx={{
          position: 'relative',
          m: 0,
          textAlign: 'center',
          fontSize: { xs: '1.2rem', sm: '1.6rem' },
          lineHeight: 2,
          letterSpacing: '0.18em',
          textShadow: '0 0 18px rgba(232, 191, 116, 0.35)',
          animation: `${lineIn} 900ms ease both`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        {lines.map((line) => (
          <Box component="span" key={line} sx={{ display: 'block' }}>
            {line}
          </Box>
        ))}
      </Box>

      <Box
        aria-hidden="true"
        sx={{ position: 'absolute', bottom: { xs: 88, sm: 96 }, display: 'flex', gap: 1.25 }}
      >
        {INTRO_LINES.map((_, i) => (
          <Box
            key={i}
            sx={{
              width: 6,
              height: 6,
              borderRadius: '50%',
              bgcolor: i <= shownPhase ? nightSky.gold : 'rgba(246, 241, 230, 0.3)',
              transition: 'background-color 400ms ease',
            }}
          />
        ))}
      </Box>

      <Button
        onClick={onSkip}
        variant="outlined"
        size="small"
        sx={{
          position: 'absolute',
          bottom: { xs: 28, sm: 36 },
          color: nightSky.text,
          borderColor: 'rgba(246, 241, 230, 0.5)',
          '&:hover': { borderColor: nightSky.gold, bgcolor: 'rgba(232, 191, 116, 0.1)' },
        }}
      >
        スキップ
      </Button>
    </Box>
  );
}
