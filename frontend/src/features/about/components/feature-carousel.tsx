import { useState, type ComponentType, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

import { CAROUSEL_INTERVAL_MS } from '@/config/constants';
import { PhoneFrame } from '@/features/about/components/phone-frame';
import { RotationControls } from '@/features/about/components/rotation-controls';
import {
  ChatScreen,
  CompatibilityScreen,
  DailyFortuneScreen,
  FutureDiaryScreen,
} from '@/features/about/components/screen-mockups';
import { useRotation } from '@/features/about/hooks/use-rotation';
import { nightSky, starField } from '@/theme/palette';

export type FeatureSlide = {
  title: string;
  lead: string;
  description: string;
  /** What the phone drawing shows, for screen readers. */
  screenLabel: string;
  Screen: ComponentType;
};

export const FEATURE_SLIDES: readonly FeatureSlide[] = [
  {
    title: '毎日の運勢',
    lead: '朝いちばんに、今日の流れを。',
    description:
      'あなたの命式とその日の干支から、一行の運勢と「やること・控えること」を毎朝お届けします。大安や一粒万倍日など、暦の吉日もひと目でわかります。',
    screenLabel: '今日の運勢の画面。ひとことの運勢、暦のバッジ、やることリストが並んでいる',
    Screen: DailyFortuneScreen,
  },
  {
    title: 'マスコットとのチャット',
    lead: '迷ったら、ナビゲーターに話しかけて。',
    description:
      'ナビゲーターは、あなたの命式を知っている話し相手。仕事や人間関係の悩みに、五行の流れをふまえて寄り添います。',
    screenLabel: 'ナビゲーターとのチャット画面。悩みの相談に五行をふまえた返事が届いている',
    Screen: ChatScreen,
  },
  {
    title: '未来日記',
    lead: '今日の気持ちを、一年後の自分へ。',
    description:
      '短い日記を書きとめて、未来の自分に届けられます。@ で友達をメンションすれば、思い出を一緒に残せます。',
    screenLabel: '未来日記の画面。友達へのメンションを含む日記と、一年後に届ける設定',
    Screen: FutureDiaryScreen,
  },
  {
    title: '友達との相性',
    lead: 'ふたりの五行を重ねてみる。',
    description:
      '友達の命式とあなたの命式を重ねて、相性と関係のヒントを読み解きます。相性のよい日もわかるから、会う約束のきっかけに。',
    screenLabel: '友達との相性の画面。相性 82% と、木と火の関係の説明',
    Screen: CompatibilityScreen,
  },
];

type FeatureCarouselProps = {
  reducedMotion: boolean;
};

/**
 * The four features as a looping carousel: advances by itself (not under reduced motion, and not while
 * pointed at or focused), with previous/next buttons, dots, a pause button and the arrow keys.
 */
export function FeatureCarousel({ reducedMotion }: FeatureCarouselProps) {
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const paused = reducedMotion || userPaused || hovered || focusWithin;
  const { index, next, previous, goTo } = useRotation({
    count: FEATURE_SLIDES.length,
    intervalMs: CAROUSEL_INTERVAL_MS,
    paused,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    }
  };

  const arrowSx = {
    color: nightSky.text,
    border: '1px solid rgba(246, 241, 230, 0.4)',
    bgcolor: 'rgba(15, 12, 38, 0.4)',
    '&:hover': { bgcolor: 'rgba(232, 191, 116, 0.18)' },
  } as const;

  return (
    <Box
      component="section"
      aria-labelledby="features-title"
      sx={{
        py: { xs: 7, sm: 10 },
        color: nightSky.text,
        backgroundColor: nightSky.base,
        backgroundImage: `${starField}, linear-gradient(180deg, ${nightSky.deep} 0%, ${nightSky.mid} 100%)`,
      }}
    >
      <Container maxWidth="md">
        <Typography component="p" sx={{ textAlign: 'center', color: nightSky.gold, letterSpacing: '0.3em', fontWeight: 700, fontSize: '0.8rem', mb: 1 }}>
          FEATURES
        </Typography>
        <Typography id="features-title" variant="h2" sx={{ textAlign: 'center', mb: { xs: 4, sm: 6 }, fontSize: { xs: '1.4rem', sm: '1.75rem' } }}>
          巡りでできること
        </Typography>

        <Box
          aria-roledescription="カルーセル"
          aria-label="巡りの機能"
          data-testid="feature-carousel"
          data-index={index}
          onKeyDown={onKeyDown}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocusWithin(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
          }}
          role="region"
        >
          <Box sx={{ position: 'relative', overflow: 'hidden' }}>
            <Box
              aria-live={paused ? 'polite' : 'off'}
              sx={{
                display: 'flex',
                transform: `translateX(-${index * 100}%)`,
                transition: 'transform 600ms cubic-bezier(0.22, 0.8, 0.25, 1)',
                '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
              }}
            >
              {FEATURE_SLIDES.map((slide, i) => {
                const current = i === index;
                return (
                  <Box
                    key={slide.title}
                    role="group"
                    aria-roledescription="スライド"
                    aria-label={`${i + 1} / ${FEATURE_SLIDES.length}：${slide.title}`}
                    aria-hidden={!current}
                    inert={!current}
                    data-testid={`feature-slide-${i}`}
                    data-current={current}
                    sx={{
                      flex: '0 0 100%',
                      minWidth: 0,
                      display: 'flex',
                      flexDirection: { xs: 'column', md: 'row' },
                      alignItems: 'center',
                      justifyContent: 'center',
                      gap: { xs: 3, md: 6 },
                      px: { xs: 1, sm: 4 },
                    }}
                  >
                    <PhoneFrame label={slide.screenLabel}>
                      <slide.Screen />
                    </PhoneFrame>
                    <Box sx={{ maxWidth: 360, textAlign: { xs: 'center', md: 'left' } }}>
                      <Typography component="p" sx={{ color: nightSky.gold, fontWeight: 700, letterSpacing: '0.2em', fontSize: '0.85rem', mb: 1 }}>
                        {String(i + 1).padStart(2, '0')}
                      </Typography>
                      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                        {slide.title}
                      </Typography>
                      <Typography sx={{ fontWeight: 700, mb: 1.5 }}>{slide.lead}</Typography>
                      <Typography sx={{ color: nightSky.muted }}>{slide.description}</Typography>
                    </Box>
                  </Box>
                );
              })}
            </Box>
          </Box>

          <Box sx={{ mt: 4, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap' }}>
            <IconButton aria-label="前のスライド" onClick={previous} sx={arrowSx}>
              <ChevronLeftIcon />
            </IconButton>
            <RotationControls
              count={FEATURE_SLIDES.length}
              index={index}
              onSelect={goTo}
              itemLabel="スライド"
              userPaused={reducedMotion ? null : userPaused}
              onTogglePause={() => setUserPaused((p) => !p)}
              tone="night"
            />
            <IconButton aria-label="次のスライド" onClick={next} sx={arrowSx}>
              <ChevronRightIcon />
            </IconButton>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
