import type { Components, Theme } from '@mui/material/styles';

export const MuiDialog = {
  styleOverrides: {
    paper: { borderRadius: 20, padding: 8 },
  },
} satisfies Components<Theme>['MuiDialog'];
