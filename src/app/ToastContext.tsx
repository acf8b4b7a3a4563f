import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { TOAST_OPEN_MS, TOAST_REMOVE_DELAY, toastsReducer, type Toast, type ToastLink } from './toasts.ts';

interface ToastApi {
  toasts: readonly Toast[];
  /** Shows a toast, optionally with a link to act on it. */
  push(message: string, link?: ToastLink): void;
  dismiss(id: number): void;
  /** Holds every toast open while its reader points at or focuses them; `false` lets them go again. */
  hold(held: boolean): void;
}

const ToastContext = createContext<ToastApi>({ toasts: [], push: () => {}, dismiss: () => {}, hold: () => {} });

/** The least time a toast stays once its reader has moved away from it. */
const AFTER_HOLD_MS = 2000;

/** Holds the toasts and their timers (the only side effects of the toast list). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastsReducer, []);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // Each open toast's closing: its timer while the clock runs, the time it has left while held.
  const closings = useRef(new Map<number, { timer?: ReturnType<typeof setTimeout>; due: number; left?: number }>());
  const held = useRef(false);
  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
    return timer;
  }, []);
  const dismiss = useCallback(
    (id: number) => {
      const closing = closings.current.get(id);
      if (closing?.timer) clearTimeout(closing.timer);
      closings.current.delete(id);
      dispatch({ type: 'dismiss', id });
      later(TOAST_REMOVE_DELAY, () => dispatch({ type: 'remove', id }));
    },
    [later],
  );
  const closeIn = useCallback(
    (id: number, ms: number) => {
      closings.current.set(id, { timer: later(ms, () => dismiss(id)), due: Date.now() + ms });
    },
    [dismiss, later],
  );
  const push = useCallback(
    (message: string, link?: ToastLink) => {
      const id = nextId.current++;
      dispatch({ type: 'add', toast: { id, message, open: true, ...(link ? { link } : {}) } });
      if (held.current) closings.current.set(id, { due: 0, left: TOAST_OPEN_MS });
      else closeIn(id, TOAST_OPEN_MS);
    },
    [closeIn],
  );
  const hold = useCallback(
    (on: boolean) => {
      if (on === held.current) return;
      held.current = on;
      for (const [id, closing] of closings.current) {
        if (on) {
          if (closing.timer) clearTimeout(closing.timer);
          closings.current.set(id, { due: 0, left: Math.max(0, closing.due - Date.now()) });
        } else {
          closeIn(id, Math.max(AFTER_HOLD_MS, closing.left ?? TOAST_OPEN_MS));
        }
      }
    },
    [closeIn],
  );
  // A toast closed as the fourth arrived (toastsReducer) needs no timer any more.
  useEffect(() => {
    for (const toast of toasts) {
      const closing = closings.current.get(toast.id);
      if (toast.open || !closing) continue;
      if (closing.timer) clearTimeout(closing.timer);
      closings.current.delete(toast.id);
      later(TOAST_REMOVE_DELAY, () => dispatch({ type: 'remove', id: toast.id }));
    }
  }, [toasts, later]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const api = useMemo(() => ({ toasts, push, dismiss, hold }), [toasts, push, dismiss, hold]);
  return <ToastContext.Provider value={api}>{children}</ToastContext.Provider>;
}

/** The toast list and its actions. */
export function useToasts(): ToastApi {
  return useContext(ToastContext);
}
