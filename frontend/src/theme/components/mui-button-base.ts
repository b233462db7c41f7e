import type { Components, Theme } from '@mui/material/styles';

import { focusRing } from '@/theme/palette';

/** Every button, icon button and tab shows a clear ring when reached with the keyboard. */
export const MuiButtonBase = {
  styleOverrides: {
    root: { '&.Mui-focusVisible': focusRing },
  },
} satisfies Components<Theme>['MuiButtonBase'];
