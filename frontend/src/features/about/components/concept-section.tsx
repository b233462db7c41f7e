import { useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';

import { Mascot } from '@/components/mascot/mascot';
import { BUBBLE_ROTATION_MS } from '@/config/constants';
import { RotationControls } from '@/features/about/components/rotation-controls';
import { useRotation } from '@/features/about/hooks/use-rotation';

/** What the navigator says, one bubble at a time. */
export const CONCEPT_MESSAGES = [
  'こんばんは。わたしは巡りのナビゲーター。生まれた瞬間の空から、あなたの流れを読み解くよ。',
  '木・火・土・金・水。五つの気はいつもめぐりながら、あなたの毎日を形づくっているんだ。',
  '占いは未来を決めるものじゃない。迷ったときに、流れの向きをそっと教えてくれる羅針盤だよ。',
  '今日の運勢も、友達との相性も、未来への日記も。あなたのペースで、一緒に巡っていこう。',
] as const;

const bubbleIn = keyframes`
  from { opacity: 0; transform: translateY(6px) scale(0.98); }
  to { opacity: 1; transform: none; }
`;

type ConceptSectionProps = {
  reducedMotion: boolean;
};

/** The concept: the mascot speaks four messages in turn, one every 5 s (spec §2). */
export function ConceptSection({ reducedMotion }: ConceptSectionProps) {
  const [userPaused, setUserPaused] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const paused = reducedMotion || userPaused || focusWithin;
  const { index, goTo } = useRotation({ count: CONCEPT_MESSAGES.length, intervalMs: BUBBLE_ROTATION_MS, paused });

  return (
    <Box component="section" aria-labelledby="concept-title" sx={{ py: { xs: 7, sm: 10 }, bgcolor: 'background.default' }}>
      <Container maxWidth="md">
        <Typography component="p" sx={{ textAlign: 'center', color: 'secondary.dark', letterSpacing: '0.3em', fontWeight: 700, fontSize: '0.8rem', mb: 1 }}>
          CONCEPT
        </Typography>
        <Typography id="concept-title" variant="h2" sx={{ textAlign: 'center', mb: 2, fontSize: { xs: '1.4rem', sm: '1.75rem' } }}>
          流れを知れば、毎日はもっとやさしくなる。
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', maxWidth: 620, mx: 'auto', mb: { xs: 4, sm: 6 } }}>
          巡りは、四柱推命と五行の考え方で「いまの自分の流れ」を映すアプリです。当たり外れより、自分を知るきっかけに。
          ナビゲーターが、あなたの命式をもとに毎日に寄り添います。
        </Typography>

        <Box
          onFocus={() => setFocusWithin(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
          }}
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: 'center',
            justifyContent: 'center',
            gap: { xs: 2, sm: 4 },
          }}
        >
          <Mascot size={128} />
          <Box sx={{ flex: 1, maxWidth: 520, width: '100%' }}>
            <Box
              sx={{
                position: 'relative',
                minHeight: { xs: 132, sm: 120 },
                p: { xs: 2.5, sm: 3 },
                borderRadius: 4,
                bgcolor: 'background.paper',
                border: '1px solid',
                borderColor: 'rgba(61, 52, 120, 0.18)',
                boxShadow: '0 12px 32px rgba(23, 19, 51, 0.1)',
                display: 'flex',
                alignItems: 'center',
                // the bubble's tail points at the mascot: up on phones, left on wider screens
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  width: 18,
                  height: 18,
                  bgcolor: 'background.paper',
                  borderLeft: '1px solid rgba(61, 52, 120, 0.18)',
                  borderTop: '1px solid rgba(61, 52, 120, 0.18)',
                  top: { xs: -10, sm: '50%' },
                  left: { xs: '50%', sm: -10 },
                  transform: { xs: 'translateX(-50%) rotate(45deg)', sm: 'translateY(-50%) rotate(-45deg)' },
                },
              }}
            >
              <Typography
                key={index}
                component="p"
                data-testid="concept-bubble"
                data-index={index}
                aria-live={paused ? 'polite' : 'off'}
                sx={{
                  m: 0,
                  fontSize: { xs: '1rem', sm: '1.1rem' },
                  lineHeight: 1.9,
                  animation: `${bubbleIn} 500ms ease both`,
                  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                }}
              >
                {CONCEPT_MESSAGES[index]}
              </Typography>
            </Box>
            <Box sx={{ mt: 1.5 }}>
              <RotationControls
                count={CONCEPT_MESSAGES.length}
                index={index}
                onSelect={goTo}
                itemLabel="メッセージ"
                userPaused={reducedMotion ? null : userPaused}
                onTogglePause={() => setUserPaused((p) => !p)}
              />
            </Box>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
