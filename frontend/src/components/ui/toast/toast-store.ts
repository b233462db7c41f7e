/**
 * Toasts (spec §4/§9): at most TOAST_LIMIT visible, a new one replaces the oldest, a dismissed one is
 * closed at once and removed TOAST_REMOVE_DELAY_MS later. The store lives outside React so any code
 * (an swr error handler, a mutation) can call `toast()`; components read it with `useToast()`.
 */
import { useSyncExternalStore, type ReactNode } from 'react';

import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/config/constants';

export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** How long the toast stays open, in ms (default TOAST_DURATION_MS). */
  duration?: number;
};

export type ToastRecord = ToastOptions & {
  id: string;
  open: boolean;
};

export type ToastHandle = {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
};

type Listener = () => void;

let toasts: readonly ToastRecord[] = [];
let nextId = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: readonly ToastRecord[]): void {
  const kept = new Set(next.map((t) => t.id));
  for (const [id, timer] of removalTimers) {
    if (!kept.has(id)) {
      clearTimeout(timer);
      removalTimers.delete(id);
    }
  }
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  const closing = toasts.filter((t) => t.open && (id === undefined || t.id === id));
  if (closing.length === 0) return;
  const ids = new Set(closing.map((t) => t.id));
  setToasts(toasts.map((t) => (ids.has(t.id) ? { ...t, open: false } : t)));
  for (const closedId of ids) scheduleRemoval(closedId);
}

export function toast(options: ToastOptions): ToastHandle {
  nextId += 1;
  const id = `toast-${nextId}`;
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (update) => setToasts(toasts.map((t) => (t.id === id ? { ...t, ...update } : t))),
  };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly ToastRecord[] {
  return toasts;
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}

/** Test helper: forgets every toast and pending removal. */
export function resetToasts(): void {
  setToasts([]);
}
