import { useEffect, useRef, useSyncExternalStore, type SyntheticEvent } from 'react';
import MuiTooltip, { type TooltipProps } from '@mui/material/Tooltip';

import { TOOLTIP_SKIP_DELAY_MS } from '@/config/constants';

/*
 * The app's tooltip (spec §9: open delay 700 ms, skip delay 300 ms). The theme makes every tooltip wait
 * 700 ms (theme/components/mui-tooltip.ts). The skip is kept here: while a tooltip is open, and for
 * 300 ms after the last one closed, the next one opens at once. MUI waits `enterNextDelay` instead of
 * `enterDelay` for a while after a tooltip closed (a fixed 800 ms); every tooltip here sets it to 0
 * exactly while the 300 ms skip window lasts, and leaves the theme's 700 ms otherwise.
 */

let openTooltips = 0;
let skipping = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setSkipping(value: boolean) {
  if (skipping === value) return;
  skipping = value;
  for (const listener of listeners) listener();
}

function tooltipOpened() {
  openTooltips += 1;
  clearTimeout(skipTimer);
  setSkipping(true);
}

function tooltipClosed() {
  openTooltips = Math.max(0, openTooltips - 1);
  if (openTooltips > 0) return;
  clearTimeout(skipTimer);
  skipTimer = setTimeout(() => setSkipping(false), TOOLTIP_SKIP_DELAY_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isSkipping = () => skipping;

export type { TooltipProps };

/** MUI's Tooltip with the spec's delays; use it instead of `@mui/material/Tooltip`. */
export function Tooltip({ onOpen, onClose, ...props }: TooltipProps) {
  const skip = useSyncExternalStore(subscribe, isSkipping, isSkipping);
  const open = useRef(false);

  // A tooltip that goes away while open counts as closed.
  useEffect(
    () => () => {
      if (open.current) tooltipClosed();
    },
    [],
  );

  const handleOpen = (event: SyntheticEvent) => {
    if (!open.current) {
      open.current = true;
      tooltipOpened();
    }
    onOpen?.(event);
  };
  const handleClose = (event: Event | SyntheticEvent) => {
    if (open.current) {
      open.current = false;
      tooltipClosed();
    }
    onClose?.(event);
  };

  return (
    <MuiTooltip
      {...props}
      {...(skip ? { enterNextDelay: 0 } : {})}
      onOpen={handleOpen}
      onClose={handleClose}
    />
  );
}
