import type { TypographyVariantsOptions } from '@mui/material/styles';

/**
 * System Japanese fonts only: no web font is downloaded, which keeps the landing page light.
 * "Noto Sans CJK JP" is the name Debian's fonts-noto-cjk installs (used by headless test browsers).
 */
export const fontFamily = [
  '"Hiragino Kaku Gothic ProN"',
  '"Hiragino Sans"',
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
  'Meiryo',
  'sans-serif',
].join(', ');

export const typography = {
  fontFamily,
  h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '0.08em', lineHeight: 1.3 },
  h2: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '0.06em', lineHeight: 1.4 },
  h3: { fontSize: '1.375rem', fontWeight: 700, letterSpacing: '0.04em' },
  h4: { fontSize: '1.125rem', fontWeight: 700 },
  body1: { lineHeight: 1.8 },
  body2: { lineHeight: 1.7 },
  button: { textTransform: 'none', fontWeight: 700, letterSpacing: '0.04em' },
} satisfies TypographyVariantsOptions;
