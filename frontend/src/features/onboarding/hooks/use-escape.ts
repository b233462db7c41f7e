import { useEffect, useRef } from 'react';

/**
 * Calls `handler` when Esc is pressed anywhere while the component is mounted. The onboarding is modal,
 * so every Esc belongs to it, wherever the focus happens to be. It listens in the capture phase: MUI's
 * Modal swallows Esc on its way up (it stops its propagation), so a listener on the way up never hears it.
 */
export function useEscape(handler: () => void): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      handlerRef.current();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
