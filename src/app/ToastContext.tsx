import { createContext, useCallback, useContext, useEffect, useReducer, useRef, type ReactNode } from 'react';
import { TOAST_REMOVE_DELAY, toastsReducer, type Toast, type ToastLink } from './toasts.ts';

interface ToastApi {
  toasts: readonly Toast[];
  /** Shows a toast, optionally with a link to act on it. */
  push(message: string, link?: ToastLink): void;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi>({ toasts: [], push: () => {}, dismiss: () => {} });

/** Holds the toasts and their timers (the only side effects of the toast list). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastsReducer, []);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);
  const dismiss = useCallback(
    (id: number) => {
      dispatch({ type: 'dismiss', id });
      later(TOAST_REMOVE_DELAY, () => dispatch({ type: 'remove', id }));
    },
    [later],
  );
  const push = useCallback(
    (message: string, link?: ToastLink) => {
      const id = nextId.current++;
      // It closes itself when its CSS lifetime ends (ToastRegion, shell.css): paused while pointed at or focused.
      dispatch({ type: 'add', toast: { id, message, open: true, ...(link ? { link } : {}) } });
    },
    [],
  );
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return <ToastContext.Provider value={{ toasts, push, dismiss }}>{children}</ToastContext.Provider>;
}

/** The toast list and its actions. */
export function useToasts(): ToastApi {
  return useContext(ToastContext);
}
