import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { keyframes } from '@mui/material/styles';

import { Mascot } from '@/components/mascot/mascot';
import {
  ONBOARDING_MAX_BEEPS,
  ONBOARDING_MESSAGE_FADE_IN_MS,
  ONBOARDING_MESSAGE_FADE_OUT_MS,
  ONBOARDING_SKIP_FADE_MS,
} from '@/config/constants';
import { StarField } from '@/features/onboarding/components/star-field';
import { TypedText } from '@/features/onboarding/components/typed-text';
import { useEscape } from '@/features/onboarding/hooks/use-escape';
import { useIntroSequence } from '@/features/onboarding/hooks/use-intro-sequence';
import { nightSky } from '@/theme/palette';

/**
 * Shown (fading in, then out) once the transmission has come through; in two phrases, so that a narrow
 * screen breaks the line between them.
 */
const INTRO_MESSAGE_PHRASES = ['あなたの星から、', 'メッセージが届きました。'] as const;
export const INTRO_MESSAGE = INTRO_MESSAGE_PHRASES.join('');

/** The navigator's first words; the blank line is where it pauses for 2 s. */
export function greetingFor(name: string | null): string {
  const hello = name ? `${name}さん、はじめまして。` : 'はじめまして。';
  // Short lines: each fits a phone's width, so none breaks in the middle of a phrase.
  return [
    hello,
    'わたしは巡りのナビゲーター。',
    '生まれた日の星空から、',
    'ずっとあなたを呼んでいたんだ。',
    '',
    'あなたの毎日には、',
    'あなただけの流れがある。',
    'これから一緒に、読んでいこうね。',
  ].join('\n');
}

const fadeIn = keyframes`
  from { opacity: 0; transform: translateY(6px); letter-spacing: 0.3em; }
  to { opacity: 1; transform: none; letter-spacing: 0.16em; }
`;

const fadeOut = keyframes`
  from { opacity: 1; }
  to { opacity: 0; }
`;

const ripple = keyframes`
  from { transform: scale(0.35); opacity: 0.9; }
  to { transform: scale(1.9); opacity: 0; }
`;

const glow = keyframes`
  0%, 100% { box-shadow: 0 0 18px 4px rgba(232, 191, 116, 0.45); }
  50% { box-shadow: 0 0 32px 10px rgba(232, 191, 116, 0.75); }
`;

const rise = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;

const noMotion = { '@media (prefers-reduced-motion: reduce)': { animation: 'none' } } as const;

type IntroStageProps = {
  name: string | null;
  reducedMotion: boolean;
  onStartTour: () => void;
  /** Called after the skip has faded the intro out. */
  onSkip: () => void;
};

/**
 * Stage 1 (spec §2, §4): a transmission comes in (beeps and rings), a message fades in and out, and the
 * navigator types its greeting; then '使い方を聞く' starts the tour and 'スキップ' ends the onboarding.
 * Esc skips at any time.
 */
export function IntroStage({ name, reducedMotion, onStartTour, onSkip }: IntroStageProps) {
  const greeting = greetingFor(name);
  const { phase, beep, typing, buttonsVisible, skipping, skip } = useIntroSequence({
    greeting,
    reducedMotion,
    onSkipped: onSkip,
  });
  const startButton = useRef<HTMLButtonElement>(null);

  // The buttons are the way on: take the keyboard there as soon as they appear.
  useEffect(() => {
    if (buttonsVisible) startButton.current?.focus();
  }, [buttonsVisible]);

  useEscape(skip);

  return (
    <Box
      data-testid="onboarding-intro"
      data-phase={phase}
      data-skipping={skipping ? 'true' : 'false'}
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        px: 2,
        overflowY: 'auto',
        color: nightSky.text,
        backgroundColor: nightSky.deep,
        backgroundImage: `radial-gradient(ellipse at 50% 120%, rgba(91, 79, 156, 0.55), transparent 60%), radial-gradient(circle at 50% 40%, ${nightSky.mid} 0%, ${nightSky.deep} 72%)`,
        opacity: skipping ? 0 : 1,
        transition: `opacity ${ONBOARDING_SKIP_FADE_MS}ms ease`,
      }}
    >
      <StarField />

      {phase === 'transmission' && <Transmission beep={beep} />}

      {(phase === 'message-in' || phase === 'message-out') && (
        <Box
          component="p"
          data-testid="onboarding-message"
          sx={{
            position: 'relative',
            m: 0,
            textAlign: 'center',
            fontSize: { xs: '1.15rem', sm: '1.5rem' },
            lineHeight: 2,
            letterSpacing: '0.16em',
            textShadow: '0 0 18px rgba(232, 191, 116, 0.45)',
            animation:
              phase === 'message-in'
                ? `${fadeIn} ${ONBOARDING_MESSAGE_FADE_IN_MS}ms ease-out both`
                : `${fadeOut} ${ONBOARDING_MESSAGE_FADE_OUT_MS}ms ease-in both`,
            ...noMotion,
          }}
        >
          {INTRO_MESSAGE_PHRASES.map((phrase) => (
            <Box component="span" key={phrase} sx={{ display: 'inline-block' }}>
              {phrase}
            </Box>
          ))}
        </Box>
      )}

      {phase === 'greeting' && (
        <Box
          sx={{
            position: 'relative',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: { xs: 3, sm: 4 },
            width: '100%',
            maxWidth: 640,
            py: 4,
            animation: `${rise} 700ms ease both`,
            ...noMotion,
          }}
        >
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: 'center',
              gap: { xs: 2, sm: 3 },
              width: '100%',
            }}
          >
            <Mascot size={132} speaking={!typing.done && typing.shown.length > 0} />
            <Box
              aria-live="polite"
              sx={{
                position: 'relative',
                flex: 1,
                width: '100%',
                p: { xs: 2.5, sm: 3 },
                borderRadius: '20px',
                bgcolor: 'rgba(23, 19, 51, 0.78)',
                border: '1px solid rgba(232, 191, 116, 0.45)',
                boxShadow: '0 18px 48px rgba(0, 0, 0, 0.35)',
                backdropFilter: 'blur(4px)',
                // the tail points at the navigator: up on phones, left beside it on wider screens
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  width: 16,
                  height: 16,
                  bgcolor: 'inherit',
                  borderLeft: '1px solid rgba(232, 191, 116, 0.45)',
                  borderTop: '1px solid rgba(232, 191, 116, 0.45)',
                  top: { xs: -9, sm: 'calc(50% - 8px)' },
                  left: { xs: 'calc(50% - 8px)', sm: -9 },
                  transform: { xs: 'rotate(45deg)', sm: 'rotate(-45deg)' },
                },
              }}
            >
              <TypedText
                typing={typing}
                text={greeting}
                sx={{
                  fontSize: { xs: '0.98rem', sm: '1.08rem' },
                  lineHeight: 1.95,
                  letterSpacing: '0.04em',
                }}
              />
            </Box>
          </Box>

          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'center',
              gap: 2,
              minHeight: 52,
              visibility: buttonsVisible ? 'visible' : 'hidden',
            }}
          >
            {buttonsVisible && (
              <>
                <Button
                  ref={startButton}
                  variant="contained"
                  size="large"
                  onClick={onStartTour}
                  disabled={skipping}
                  sx={{
                    bgcolor: nightSky.gold,
                    color: nightSky.deep,
                    '&:hover': { bgcolor: '#f2d39a' },
                    animation: `${rise} 500ms ease both`,
                    ...noMotion,
                  }}
                >
                  使い方を聞く
                </Button>
                <Button
                  variant="outlined"
                  size="large"
                  onClick={skip}
                  disabled={skipping}
                  sx={{
                    color: nightSky.text,
                    borderColor: 'rgba(246, 241, 230, 0.55)',
                    '&:hover': { borderColor: nightSky.gold, bgcolor: 'rgba(232, 191, 116, 0.1)' },
                    animation: `${rise} 500ms ease 120ms both`,
                    ...noMotion,
                  }}
                >
                  スキップ
                </Button>
              </>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The incoming signal: a glowing point, a ring spreading out with each beep, and one dot per beep. */
function Transmission({ beep }: { beep: number }) {
  return (
    <Box
      data-testid="onboarding-transmission"
      data-beep={beep}
      sx={{ position: 'relative', display: 'grid', justifyItems: 'center', gap: 3 }}
    >
      <span className="visually-hidden" role="status">
        通信を受信しています
      </span>
      <Box aria-hidden="true" sx={{ position: 'relative', width: 160, height: 160, display: 'grid', placeItems: 'center' }}>
        {beep > 0 && (
          <Box
            key={beep}
            sx={{
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              border: `2px solid ${nightSky.gold}`,
              animation: `${ripple} 900ms ease-out both`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.5, transform: 'scale(0.8)' },
            }}
          />
        )}
        <Box
          sx={{
            position: 'absolute',
            inset: 40,
            borderRadius: '50%',
            border: '1px dashed rgba(232, 191, 116, 0.4)',
          }}
        />
        <Box
          sx={{
            width: 18,
            height: 18,
            borderRadius: '50%',
            bgcolor: nightSky.gold,
            animation: `${glow} 1.6s ease-in-out infinite`,
            ...noMotion,
          }}
        />
      </Box>
      <Box
        aria-hidden="true"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, letterSpacing: '0.3em', color: nightSky.muted }}
      >
        <span>受信中</span>
        {Array.from({ length: ONBOARDING_MAX_BEEPS }, (_, i) => (
          <Box
            key={i}
            component="span"
            sx={{
              width: 7,
              height: 7,
              borderRadius: '50%',
              bgcolor: i < beep ? nightSky.gold : 'rgba(246, 241, 230, 0.25)',
              transition: 'background-color 200ms ease',
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
