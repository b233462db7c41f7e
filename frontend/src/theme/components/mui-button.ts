import type { Components, Theme } from '@mui/material/styles';

export const MuiButton = {
  defaultProps: { disableElevation: true },
  styleOverrides: {
    root: { borderRadius: 999, paddingInline: 24 },
    sizeLarge: { paddingBlock: 12, fontSize: '1rem' },
  },
} satisfies Components<Theme>['MuiButton'];
