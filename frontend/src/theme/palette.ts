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
