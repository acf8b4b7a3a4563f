/** At most 20 toasts, newest first; a dismissed one is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 20;
export const TOAST_REMOVE_DELAY = 1_000_000;
/**
 * How long a toast stays open before it dismisses itself; it stays on while its reader points at or
 * focuses the toasts (notices left open until closed pile up over the console; what a notice
 * says is also in the console).
 */
export const TOAST_OPEN_MS = 8000;
/** At most this many toasts are open at once: a newer one closes the oldest. */
export const TOAST_OPEN_LIMIT = 3;

/** Where a toast lets the reader act on it, e.g. the admin console for a new request. */
export interface ToastLink {
  label: string;
  href: string;
}

export interface Toast {
  id: number;
  message: string;
  open: boolean;
  link?: ToastLink;
}

export type ToastAction = { type: 'add'; toast: Toast } | { type: 'dismiss'; id: number } | { type: 'remove'; id: number };

/** Pure: the toast list after one action. */
export function toastsReducer(toasts: readonly Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case 'add':
      // The newest TOAST_OPEN_LIMIT stay open: a newer one closes the oldest.
      return [action.toast, ...toasts].map((toast, index) => (index < TOAST_OPEN_LIMIT ? toast : { ...toast, open: false })).slice(0, TOAST_LIMIT);
    case 'dismiss':
      return toasts.map((toast) => (toast.id === action.id ? { ...toast, open: false } : toast));
    case 'remove':
      return toasts.filter((toast) => toast.id !== action.id);
  }
}
