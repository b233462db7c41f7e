import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { keyframes } from '@mui/material/styles';

import {
  TOUR_BUBBLE_MAX_WIDTH_PX,
  TOUR_CHAR_MS,
  TOUR_FINISH_MS,
  TOUR_HIGHLIGHT_MARGIN_PX,
  TOUR_START_DELAY_MS,
  TOUR_VIEWPORT_MARGIN_PX,
} from '@/config/constants';
import { paths } from '@/config/paths';
import { TourBubble } from '@/features/onboarding/components/tour-bubble';
import { TOUR_STEPS } from '@/features/onboarding/data/tour-steps';
import { useEscape } from '@/features/onboarding/hooks/use-escape';
import { useTourTarget } from '@/features/onboarding/hooks/use-tour-target';
import { useTypewriter } from '@/features/onboarding/hooks/use-typewriter';
import { highlightBox, placeBubble } from '@/features/onboarding/utils/bubble-placement';
import { nightSky } from '@/theme/palette';

const DIM = 'rgba(15, 12, 38, 0.62)';

const pulse = keyframes`
  0%, 100% { box-shadow: 0 0 0 2px ${nightSky.gold}, 0 0 14px 2px rgba(232, 191, 116, 0.55); }
  50% { box-shadow: 0 0 0 2px ${nightSky.gold}, 0 0 26px 8px rgba(232, 191, 116, 0.8); }
`;

type TourStageProps = {
  reducedMotion: boolean;
  /** After '完了': the tour has faded out. */
  onFinished: () => void;
  /** The close button or Esc: the onboarding ends here. */
  onSkip: () => void;
};

/**
 * Stage 2 (spec §2, §4): the guided tour. Each step goes to its route if the current one differs, waits
 * for its target, dims the page around the bounding box of all the target's matches (8 px margin) and
 * types its text into a bubble beside it. '次へ' waits for the text; '戻る' shows from the second step
 * on; '完了' on the last step returns to '/', fades out and finishes after 1 s. The close button and Esc
 * skip the rest at any time.
 */
export function TourStage({ reducedMotion, onFinished, onSkip }: TourStageProps) {
  const steps = TOUR_STEPS;
  const [index, setIndex] = useState(0);
  const [finishing, setFinishing] = useState(false);
  const [bubbleHeight, setBubbleHeight] = useState(0);
  const step = steps[index] ?? steps[0];
  if (!step) throw new Error('the tour has no steps');

  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onRoute = pathname === step.route;

  useEffect(() => {
    if (!onRoute && !finishing) void navigate(step.route);
  }, [onRoute, finishing, step.route, navigate]);

  const target = useTourTarget({ stepKey: index, selector: step.targetSelector, enabled: onRoute, reducedMotion });
  const located = target.status !== 'locating';
  const typing = useTypewriter(step.content, {
    active: located,
    instant: reducedMotion,
    charMs: TOUR_CHAR_MS,
    startDelayMs: TOUR_START_DELAY_MS,
  });

  const highlight = located ? highlightBox(target.boxes, TOUR_HIGHLIGHT_MARGIN_PX) : null;
  const placement = placeBubble({
    highlight,
    bubbleHeight,
    viewport: target.viewport,
    preferred: step.bubblePosition,
    viewportMargin: TOUR_VIEWPORT_MARGIN_PX,
    maxWidth: TOUR_BUBBLE_MAX_WIDTH_PX,
  });

  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });
  useEffect(() => {
    if (!finishing) return undefined;
    const timer = setTimeout(() => onFinishedRef.current(), TOUR_FINISH_MS);
    return () => clearTimeout(timer);
  }, [finishing]);

  const next = () => {
    if (index < steps.length - 1) {
      setIndex(index + 1);
      return;
    }
    if (pathname !== paths.home) void navigate(paths.home);
    setFinishing(true);
  };
  const previous = () => setIndex((i) => Math.max(0, i - 1));

  useEscape(onSkip);

  return (
    <Box
      data-testid="onboarding-tour"
      data-step={index}
      data-target={target.status}
      sx={{
        position: 'fixed',
        inset: 0,
        opacity: finishing ? 0 : 1,
        transition: `opacity ${TOUR_FINISH_MS}ms ease`,
        pointerEvents: finishing ? 'none' : 'auto',
      }}
    >
      {highlight ? (
        <Box
          aria-hidden="true"
          data-testid="tour-highlight"
          style={{ top: highlight.top, left: highlight.left, width: highlight.width, height: highlight.height }}
          sx={{
            position: 'fixed',
            borderRadius: '14px',
            pointerEvents: 'none',
            // The page stays lit inside the highlight and dims everywhere else.
            outline: `9999px solid ${DIM}`,
            animation: `${pulse} 2.2s ease-in-out infinite`,
            transition: reducedMotion ? 'none' : 'top 300ms ease, left 300ms ease, width 300ms ease, height 300ms ease',
            '@media (prefers-reduced-motion: reduce)': {
              animation: 'none',
              boxShadow: `0 0 0 2px ${nightSky.gold}`,
            },
          }}
        />
      ) : (
        <Box aria-hidden="true" sx={{ position: 'fixed', inset: 0, bgcolor: DIM }} />
      )}

      {located ? (
        <TourBubble
          title={step.title}
          content={step.content}
          typing={typing}
          index={index}
          count={steps.length}
          placement={placement}
          reducedMotion={reducedMotion}
          onPrevious={previous}
          onNext={next}
          onClose={onSkip}
          onHeight={setBubbleHeight}
        />
      ) : (
        <Box sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label="読み込み中" sx={{ color: nightSky.gold }} />
        </Box>
      )}
    </Box>
  );
}
