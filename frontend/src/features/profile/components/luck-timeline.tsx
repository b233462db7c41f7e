import { useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { ElementGlyph } from '@/components/bazi/element-glyph';
import { currentLuckIndex, luckAgeLabel } from '@/features/profile/utils/luck';
import type { Luck } from '@/lib/bazi';

type LuckTimelineProps = {
  luck: Luck;
  /** `YYYY-MM-DD`, the browser's today. */
  today: string;
};

/**
 * Centres `item` in the horizontally scrolling `list` without moving the page (scrollIntoView would also
 * scroll the window vertically).
 */
export function centreInScroller(list: HTMLElement, item: HTMLElement): void {
  const left = item.offsetLeft - (list.clientWidth - item.offsetWidth) / 2;
  list.scrollLeft = Math.max(0, left);
}

/**
 * The luck pillars (大運) on a horizontal line, ten years each: start age and year, the pillar on element
 * tiles, its ten god and 十二運. The one today falls in is marked and scrolled into view.
 */
export function LuckTimeline({ luck, today }: LuckTimelineProps) {
  const current = currentLuckIndex(luck.pillars, today);
  const listRef = useRef<HTMLOListElement>(null);
  const currentRef = useRef<HTMLLIElement>(null);

  useLayoutEffect(() => {
    if (listRef.current && currentRef.current) centreInScroller(listRef.current, currentRef.current);
  }, [current]);

  const months = luck.startMonths > 0 ? `${luck.startMonths}か月` : '';

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {luck.startYears}歳{months}から、10年ごとに大運が切り替わります（{luck.forward ? '順行' : '逆行'}）。
        {current < 0 ? 'いまは最初の大運が始まる前です。' : null}
      </Typography>
      <Box
        component="ol"
        ref={listRef}
        aria-label="大運の流れ"
        data-testid="luck-timeline"
        // Focusable so the keyboard can scroll it.
        tabIndex={0}
        sx={{
          position: 'relative',
          listStyle: 'none',
          m: 0,
          py: 0,
          pb: 1.5,
          display: 'flex',
          gap: 1.25,
          overflowX: 'auto',
          scrollSnapType: 'x proximity',
          // Soft edges: pillars cut off at either side show that the line goes on.
          maskImage: 'linear-gradient(to right, transparent, #000 20px, #000 calc(100% - 20px), transparent)',
          px: 1.5,
          scrollPaddingInline: '12px',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {luck.pillars.map((pillar, index) => {
          const isCurrent = index === current;
          return (
            <Box
              component="li"
              key={`${pillar.startYear}-${pillar.heavenlyStem}${pillar.earthlyBranch}`}
              ref={isCurrent ? currentRef : undefined}
              aria-current={isCurrent ? 'true' : undefined}
              data-testid={`luck-pillar-${index}`}
              data-current={isCurrent}
              sx={{
                flex: '0 0 auto',
                width: 96,
                scrollSnapAlign: 'center',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                textAlign: 'center',
                gap: 0.5,
                pt: 1,
                pb: 1.25,
                borderRadius: 3,
                border: '2px solid',
                borderColor: isCurrent ? 'secondary.main' : 'transparent',
                bgcolor: isCurrent ? 'rgba(200, 146, 58, 0.10)' : 'transparent',
              }}
            >
              <Typography
                component="span"
                sx={{
                  fontSize: '0.75rem',
                  fontWeight: 700,
                  px: 1,
                  borderRadius: 999,
                  bgcolor: isCurrent ? 'secondary.main' : 'transparent',
                  color: isCurrent ? 'secondary.contrastText' : 'text.secondary',
                  minHeight: '1.5em',
                  whiteSpace: 'nowrap',
                }}
              >
                {isCurrent ? `いま ${luckAgeLabel(pillar.startAge)}〜` : `${luckAgeLabel(pillar.startAge)}〜`}
              </Typography>
              {/* The dot on the line that runs through all the pillars (it reaches into the gaps). */}
              <Box
                aria-hidden="true"
                sx={{
                  alignSelf: 'stretch',
                  mx: '-9px',
                  display: 'grid',
                  placeItems: 'center',
                  background: (theme) =>
                    `linear-gradient(${theme.palette.divider}, ${theme.palette.divider}) center / 100% 2px no-repeat`,
                }}
              >
                <Box
                  sx={{
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: isCurrent ? 'secondary.main' : 'background.paper',
                    border: '2px solid',
                    borderColor: isCurrent ? 'secondary.dark' : 'text.secondary',
                  }}
                />
              </Box>
              <Box sx={{ display: 'flex', gap: 0.5 }}>
                <ElementGlyph char={pillar.heavenlyStem} element={pillar.stemElement ?? undefined} size="sm" />
                <ElementGlyph char={pillar.earthlyBranch} element={pillar.branchElement ?? undefined} size="sm" />
              </Box>
              <Typography component="span" variant="body2" sx={{ fontWeight: 700, mt: 0.5 }}>
                {pillar.tenGod || '—'}
              </Typography>
              <Typography component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary', lineHeight: 1.4 }}>
                {pillar.startYear}年〜
                <br />
                {pillar.lifeStage}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
