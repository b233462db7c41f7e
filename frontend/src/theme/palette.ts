import type { PaletteOptions } from '@mui/material/styles';

/** A night-sky indigo with warm gold accents on a soft paper background. */
export const palette = {
  mode: 'light',
  primary: { main: '#3d3478', light: '#6a5fb0', dark: '#241d52', contrastText: '#ffffff' },
  secondary: { main: '#c8923a', light: '#e8bf74', dark: '#94661c', contrastText: '#1f1a3d' },
  error: { main: '#c62f45' },
  background: { default: '#faf7f2', paper: '#ffffff' },
  text: { primary: '#2a2540', secondary: '#5f5a73' },
} satisfies PaletteOptions;

/** The five elements' colours: `main` for strong values, `light` for values under 3. */
export const elementColors = {
  wood: { main: '#3f8f5a', light: '#a9d3b5' },
  fire: { main: '#d0483c', light: '#f0b0a8' },
  earth: { main: '#b8862e', light: '#e6cf9f' },
  metal: { main: '#7d8593', light: '#cfd3da' },
  water: { main: '#2f6fb0', light: '#a6c6e6' },
} as const;

/**
 * The night sky of the public pages (hero, intro, about): deep indigo grounds, warm gold light, and text
 * colours that keep at least 4.5:1 contrast on those grounds.
 */
export const nightSky = {
  deep: '#0f0c26',
  base: '#171333',
  mid: '#241d52',
  glow: '#5b4f9c',
  gold: '#e8bf74',
  text: '#f6f1e6',
  muted: '#cfc9ec',
} as const;

/** The focus ring: gold light around a dark edge, visible on paper and on the night sky alike. */
export const focusRing = {
  outline: `3px solid ${nightSky.gold}`,
  outlineOffset: '2px',
  boxShadow: `0 0 0 2px ${nightSky.deep}`,
} as const;

/** Stars drawn with background gradients: no image to download. */
export const starField = [
  'radial-gradient(1.5px 1.5px at 12% 18%, rgba(255,255,255,.9), transparent 60%)',
  'radial-gradient(1px 1px at 28% 72%, rgba(255,255,255,.7), transparent 60%)',
  'radial-gradient(1.5px 1.5px at 43% 32%, rgba(255,244,214,.9), transparent 60%)',
  'radial-gradient(1px 1px at 57% 84%, rgba(255,255,255,.6), transparent 60%)',
  'radial-gradient(2px 2px at 68% 12%, rgba(255,236,190,.9), transparent 60%)',
  'radial-gradient(1px 1px at 79% 58%, rgba(255,255,255,.7), transparent 60%)',
  'radial-gradient(1.5px 1.5px at 88% 28%, rgba(255,255,255,.8), transparent 60%)',
  'radial-gradient(1px 1px at 6% 88%, rgba(255,255,255,.6), transparent 60%)',
  'radial-gradient(1px 1px at 35% 8%, rgba(255,255,255,.7), transparent 60%)',
  'radial-gradient(1.5px 1.5px at 94% 80%, rgba(255,244,214,.8), transparent 60%)',
].join(', ');
