import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';

import { Mascot } from '@/components/mascot/mascot';
import { TypedText } from '@/features/onboarding/components/typed-text';
import type { Typewriter } from '@/features/onboarding/hooks/use-typewriter';
import type { BubblePlacement } from '@/features/onboarding/utils/bubble-placement';

const BUBBLE_BORDER = '1px solid rgba(61, 52, 120, 0.18)';

type TourBubbleProps = {
  title: string;
  content: string;
  typing: Typewriter;
  /** 0-based. */
  index: number;
  count: number;
  placement: BubblePlacement;
  reducedMotion: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onClose: () => void;
  /** Reports the bubble's laid-out height, which placing it needs. */
  onHeight: (height: number) => void;
};

/**
 * A tour step's speech bubble: the step count, a close button (skips the whole onboarding), the title,
 * the text typing out, and '戻る' (from the second step on) and '次へ' ('完了' on the last step), which
 * waits until the text has finished typing. Its tail points at the highlighted target. It takes the focus
 * when it appears and with every step.
 */
export function TourBubble({
  title,
  content,
  typing,
  index,
  count,
  placement,
  reducedMotion,
  onPrevious,
  onNext,
  onClose,
  onHeight,
}: TourBubbleProps) {
  const titleId = useId();
  const contentId = useId();
  const box = useRef<HTMLDivElement | null>(null);
  const isLast = index === count - 1;

  // Measured before paint, so the bubble is never seen in the wrong place.
  useLayoutEffect(() => {
    if (box.current) onHeight(box.current.offsetHeight);
  });

  // Each step takes the keyboard into its bubble; Tab then reaches its buttons.
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
  }, [index]);

  const tail = placement.arrowX !== null && placement.side !== 'center';

  return (
    <Box
      ref={box}
      role="group"
      aria-labelledby={titleId}
      aria-describedby={contentId}
      tabIndex={-1}
      data-testid="tour-bubble"
      data-side={placement.side}
      style={{ top: placement.top, left: placement.left, width: placement.width }}
      sx={{
        position: 'fixed',
        zIndex: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderRadius: '18px',
        border: BUBBLE_BORDER,
        boxShadow: '0 18px 48px rgba(15, 12, 38, 0.35)',
        transition: reducedMotion ? 'none' : 'top 250ms ease, left 250ms ease',
        // The bubble takes the focus only to start the keyboard there; it is no control, so no ring.
        '&&:focus, &&:focus-visible': { outline: 'none', boxShadow: '0 18px 48px rgba(15, 12, 38, 0.35)' },
      }}
    >
      {tail && (
        <Box
          aria-hidden="true"
          style={{ left: (placement.arrowX ?? 0) - 8 }}
          sx={{
            position: 'absolute',
            width: 16,
            height: 16,
            bgcolor: 'background.paper',
            border: BUBBLE_BORDER,
            transform: 'rotate(45deg)',
            ...(placement.side === 'top'
              ? { bottom: -9, borderTop: 'none', borderLeft: 'none' }
              : { top: -9, borderBottom: 'none', borderRight: 'none' }),
          }}
        />
      )}
      <Box sx={{ position: 'relative', maxHeight: placement.maxHeight, overflowY: 'auto', p: 2.5, pt: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1 }}>
          <Mascot size={40} speaking={!typing.done && typing.shown.length > 0} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box component="p" sx={{ m: 0, fontSize: '0.75rem', color: 'text.secondary', letterSpacing: '0.08em' }}>
              <span className="visually-hidden">ステップ</span>
              {index + 1} / {count}
            </Box>
            <Box
              component="h2"
              id={titleId}
              sx={{ m: 0, fontSize: '1.05rem', fontWeight: 700, lineHeight: 1.5, letterSpacing: '0.04em' }}
            >
              {title}
            </Box>
          </Box>
          <IconButton aria-label="閉じる" onClick={onClose} size="small" sx={{ alignSelf: 'flex-start', mr: -1 }}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        <TypedText
          id={contentId}
          typing={typing}
          text={content}
          sx={{ fontSize: '0.95rem', lineHeight: 1.85, color: 'text.primary' }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, mt: 2 }}>
          {index >= 1 && (
            <Button variant="text" onClick={onPrevious}>
              戻る
            </Button>
          )}
          <Button variant="contained" onClick={onNext} disabled={!typing.done}>
            {isLast ? '完了' : '次へ'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
