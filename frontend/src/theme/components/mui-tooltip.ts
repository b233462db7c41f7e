import type { Components, Theme } from '@mui/material/styles';

import { TOOLTIP_OPEN_DELAY_MS } from '@/config/constants';

/**
 * Every tooltip waits 700 ms before it opens (spec §9), also when another was open a moment ago: the
 * quicker hand-over between neighbouring tooltips (300 ms) is components/ui/tooltip.tsx's to grant, since
 * MUI's own window for it is fixed at 800 ms.
 */
export const MuiTooltip = {
  defaultProps: {
    enterDelay: TOOLTIP_OPEN_DELAY_MS,
    enterNextDelay: TOOLTIP_OPEN_DELAY_MS,
  },
} satisfies Components<Theme>['MuiTooltip'];
