import Box from '@mui/material/Box';

import { ELEMENT_LABELS, type ElementKey } from '@/lib/bazi';
import { elementColors } from '@/theme/palette';

const SIZES = {
  lg: { box: { xs: 46, sm: 56 }, font: { xs: '1.625rem', sm: '2rem' }, bar: 4, radius: '10px' },
  sm: { box: { xs: 34, sm: 38 }, font: { xs: '1.125rem', sm: '1.25rem' }, bar: 3, radius: '8px' },
} as const;

type ElementGlyphProps = {
  /** One stem or branch, e.g. 庚. */
  char: string;
  /** Its element; undefined draws a neutral tile. */
  element: ElementKey | undefined;
  size?: keyof typeof SIZES;
  testId?: string;
};

/**
 * A stem or branch on a tile in its element's light colour, with a bar in the element's full colour:
 * dark text on a light ground stays legible (above 7:1) while the colour still tells the element at a
 * glance. Screen readers hear the element after the character (庚 金).
 */
export function ElementGlyph({ char, element, size = 'lg', testId }: ElementGlyphProps) {
  const { box, font, bar, radius } = SIZES[size];
  const colors = element ? elementColors[element] : undefined;
  return (
    <Box
      component="span"
      data-element={element}
      sx={{
        display: 'inline-grid',
        placeItems: 'center',
        width: box,
        height: box,
        flexShrink: 0,
        borderRadius: radius,
        bgcolor: colors ? colors.light : 'action.hover',
        boxShadow: colors ? `inset 0 -${bar}px 0 ${colors.main}` : 'none',
        color: 'text.primary',
        fontWeight: 700,
        fontSize: font,
        lineHeight: 1,
      }}
    >
      <span data-testid={testId}>{char}</span>
      {element ? <span className="visually-hidden"> {ELEMENT_LABELS[element]}</span> : null}
    </Box>
  );
}
