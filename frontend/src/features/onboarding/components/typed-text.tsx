import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

import type { Typewriter } from '@/features/onboarding/hooks/use-typewriter';

type TypedTextProps = {
  typing: Typewriter;
  /** The whole text, for screen readers (they read it once, not letter by letter). */
  text: string;
  id?: string;
  sx?: SxProps<Theme>;
};

/**
 * Text being typed out. The characters still to come keep their place invisibly, so the box has its final
 * size from the start and nothing around it moves while it types. Screen readers get the whole text.
 */
export function TypedText({ typing, text, id, sx }: TypedTextProps) {
  return (
    <Box component="p" id={id} sx={[{ m: 0, whiteSpace: 'pre-line' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true" data-testid="typed-text">
        {typing.shown}
      </span>
      <span aria-hidden="true" style={{ visibility: 'hidden' }}>
        {typing.rest}
      </span>
    </Box>
  );
}
