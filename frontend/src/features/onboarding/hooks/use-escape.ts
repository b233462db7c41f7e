import { useEffect, useRef } from 'react';

/**
 * Calls `handler` when Esc is pressed anywhere while the component is mounted. The onboarding is modal,
 * so every Esc belongs to it, wherever the focus happens to be.
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
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
