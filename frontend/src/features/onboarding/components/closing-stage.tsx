import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';

import { Mascot } from '@/components/mascot/mascot';
import { CLOSING_TIMELINE_MS } from '@/config/constants';
import { StarField } from '@/features/onboarding/components/star-field';
import { useEscape } from '@/features/onboarding/hooks/use-escape';
import { nightSky } from '@/theme/palette';

/** The two lines, in phrases: a narrow screen breaks a line only between them. */
const CLOSING_PHRASES = [
  ['あなたの流れは、', '今日も静かに巡っている。'],
  ['さあ、', '一緒に歩きはじめよう。'],
] as const;
export const CLOSING_LINES = CLOSING_PHRASES.map((phrases) => phrases.join('')) as [string, string];

type ClosingPhase = 'start' | 'first' | 'second' | 'fading';

type ClosingStageProps = {
  /** Called at 7.5 s (or at once with Esc): the overlay goes away. */
  onDone: () => void;
};

/**
 * Stage 3 (spec §4, §9): two lines over the night sky, the first at 1 s and the second at 3 s; the
 * screen fades out from 5.5 s and is gone at 7.5 s. Reduced motion keeps the timings without fading.
 */
export function ClosingStage({ onDone }: ClosingStageProps) {
  const [phase, setPhase] = useState<ClosingPhase>('start');
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    const timers = [
      setTimeout(() => setPhase('first'), CLOSING_TIMELINE_MS.firstLine),
      setTimeout(() => setPhase('second'), CLOSING_TIMELINE_MS.secondLine),
      setTimeout(() => setPhase('fading'), CLOSING_TIMELINE_MS.fadeOut),
      setTimeout(() => onDoneRef.current(), CLOSING_TIMELINE_MS.done),
    ];
    return () => timers.forEach(clearTimeout);
  }, []);

  const shown = phase === 'start' ? 0 : phase === 'first' ? 1 : 2;
  useEscape(() => onDoneRef.current());

  return (
    <Box
      data-testid="onboarding-closing"
      data-phase={phase}
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        px: 3,
        color: nightSky.text,
        backgroundColor: nightSky.deep,
        backgroundImage: `radial-gradient(ellipse at 50% 120%, rgba(91, 79, 156, 0.55), transparent 60%), radial-gradient(circle at 50% 40%, ${nightSky.mid} 0%, ${nightSky.deep} 72%)`,
        opacity: phase === 'fading' ? 0 : 1,
        transition: `opacity ${CLOSING_TIMELINE_MS.done - CLOSING_TIMELINE_MS.fadeOut}ms ease`,
      }}
    >
      <StarField />
      <Box sx={{ position: 'relative', display: 'grid', justifyItems: 'center', gap: 3, textAlign: 'center' }}>
        <Mascot size={96} />
        <Box aria-live="polite" sx={{ display: 'grid', gap: 1.5, minHeight: '4.5em' }}>
          {CLOSING_PHRASES.map((phrases, i) => (
            <Box
              key={phrases.join('')}
              component="p"
              sx={{
                m: 0,
                fontSize: { xs: '1.1rem', sm: '1.4rem' },
                letterSpacing: '0.14em',
                lineHeight: 1.9,
                textShadow: '0 0 18px rgba(232, 191, 116, 0.4)',
                opacity: i < shown ? 1 : 0,
                transform: i < shown ? 'none' : 'translateY(8px)',
                transition: 'opacity 900ms ease, transform 900ms ease',
              }}
            >
              {i < shown
                ? phrases.map((phrase) => (
                    <Box component="span" key={phrase} sx={{ display: 'inline-block' }}>
                      {phrase}
                    </Box>
                  ))
                : null}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
