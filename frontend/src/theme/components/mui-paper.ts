import type { Components, Theme } from '@mui/material/styles';

export const MuiPaper = {
  styleOverrides: {
    rounded: { borderRadius: 16 },
  },
} satisfies Components<Theme>['MuiPaper'];
