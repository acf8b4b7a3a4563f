import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { TOAST_OPEN_MS, TOAST_REMOVE_DELAY, toastsReducer, type Toast, type ToastLink } from './toasts.ts';

interface ToastApi {
  toasts: readonly Toast[];
  /** Shows a toast, optionally with a link to act on it. */
  push(message: string, link?: ToastLink): void;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi>({ toasts: [], push: () => {}, dismiss: () => {} });

/** Where the toasts are read now: the pointer on them, or the focus in them (ToastRegion's element). */
const BEING_READ = '.toasts:hover, .toasts:focus-within';

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
  // Each toast closes itself after TOAST_OPEN_MS; while its reader points at or focuses the toasts
  // it is given another TOAST_OPEN_MS, and so on until they move away.
  const closeLater = useCallback(
    (id: number): void => later(TOAST_OPEN_MS, () => (document.querySelector(BEING_READ) ? closeLater(id) : dismiss(id))),
    [dismiss, later],
  );
  const push = useCallback(
    (message: string, link?: ToastLink) => {
      const id = nextId.current++;
      dispatch({ type: 'add', toast: { id, message, open: true, ...(link ? { link } : {}) } });
      closeLater(id);
    },
    [closeLater],
  );
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const api = useMemo(() => ({ toasts, push, dismiss }), [toasts, push, dismiss]);
  return <ToastContext.Provider value={api}>{children}</ToastContext.Provider>;
}

/** The toast list and its actions. */
export function useToasts(): ToastApi {
  return useContext(ToastContext);
}
