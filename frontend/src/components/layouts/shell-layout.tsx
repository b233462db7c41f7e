import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';

import { BOTTOM_NAV_HEIGHT_PX, BOTTOM_NAV_RISE_PX, BottomNav } from '@/components/layouts/bottom-nav';

/** What the bottom navigation covers at the foot of the viewport, the phone's home-indicator area included. */
const NAV_INSET = `calc(${BOTTOM_NAV_HEIGHT_PX}px + env(safe-area-inset-bottom, 0px))`;

/**
 * The frame of the signed-in screens: the screen, then the fixed bottom navigation. The page keeps
 * room below its content for the bar (and the phone's safe area), so nothing is ever hidden behind
 * it; `--meguri-bottom-inset` tells fixed elements such as the toasts how high the bar reaches.
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', pb: `calc(${NAV_INSET} + 16px)` }}>
      <GlobalStyles styles={{ ':root': { '--meguri-bottom-inset': `calc(${NAV_INSET} + ${BOTTOM_NAV_RISE_PX}px)` } }} />
      {children}
      <BottomNav />
    </Box>
  );
}
