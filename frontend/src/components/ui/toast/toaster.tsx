import { useEffect, useRef, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';

import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
} from '@/config/constants';
import { dismissToast, useToast, type ToastRecord } from '@/components/ui/toast/toast-store';

export const TOAST_REGION_LABEL = `通知 (${TOAST_HOTKEY})`;

function ToastItem({ record }: { record: ToastRecord }) {
  const { id, open, title, description, variant = 'default', duration = TOAST_DURATION_MS } = record;
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    if (!open || paused || !Number.isFinite(duration)) return undefined;
    const timer = setTimeout(() => dismissToast(id), duration);
    return () => clearTimeout(timer);
  }, [id, open, paused, duration]);

  if (!open) return null;

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    startX.current = event.clientX;
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (startX.current === null) return;
    setOffset(Math.max(0, event.clientX - startX.current));
  };
  const endSwipe = (event: PointerEvent<HTMLElement>) => {
    if (startX.current === null) return;
    const distance = event.clientX - startX.current;
    startX.current = null;
    setDragging(false);
    if (distance >= TOAST_SWIPE_THRESHOLD_PX) {
      dismissToast(id);
    } else {
      setOffset(0);
    }
  };
  const cancelSwipe = () => {
    startX.current = null;
    setDragging(false);
    setOffset(0);
  };

  const destructive = variant === 'destructive';

  return (
    <Paper
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      data-variant={variant}
      elevation={6}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={cancelSwipe}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={(theme) => ({
        pointerEvents: 'auto',
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        px: 2,
        py: 1.5,
        touchAction: 'pan-y',
        userSelect: 'none',
        transform: `translateX(${offset}px)`,
        opacity: Math.max(0.2, 1 - offset / 200),
        transition: dragging ? 'none' : 'transform 200ms ease, opacity 200ms ease',
        border: '1px solid',
        borderColor: destructive ? theme.palette.error.dark : theme.palette.divider,
        bgcolor: destructive ? theme.palette.error.main : theme.palette.background.paper,
        color: destructive ? theme.palette.error.contrastText : theme.palette.text.primary,
      })}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {title ? (
          <Typography component="div" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
        ) : null}
        {description ? (
          <Typography component="div" variant="body2" sx={{ opacity: 0.9 }}>
            {description}
          </Typography>
        ) : null}
      </Box>
      <IconButton
        aria-label="閉じる"
        size="small"
        color="inherit"
        onPointerDown={(event) => event.stopPropagation()}
        onClick={() => dismissToast(id)}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}

/**
 * The notification region. F8 moves focus to it so keyboard and screen-reader users can reach a toast;
 * a toast closes on its button, after its duration, or when swiped right by TOAST_SWIPE_THRESHOLD_PX.
 */
export function Toaster() {
  const { toasts } = useToast();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Box
      component="section"
      ref={regionRef}
      aria-label={TOAST_REGION_LABEL}
      tabIndex={-1}
      sx={(theme) => ({
        position: 'fixed',
        zIndex: theme.zIndex.snackbar,
        // Above the signed-in app's bottom navigation when it is on screen (it sets the variable).
        bottom: { xs: 'calc(12px + var(--meguri-bottom-inset, 0px))', sm: 'calc(24px + var(--meguri-bottom-inset, 0px))' },
        right: { xs: 12, sm: 24 },
        left: { xs: 12, sm: 'auto' },
        width: { sm: 400 },
        pointerEvents: 'none',
        outline: 'none',
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 4 },
      })}
    >
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {/* The live role sits on the toast inside the item: a list's children must stay list items. */}
        {toasts.map((record) => (
          <li key={record.id}>
            <ToastItem record={record} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
