import { useToasts } from './ToastContext.tsx';

/** Open toasts, newest first, in a polite live region. */
export function ToastRegion() {
  const { toasts, dismiss } = useToasts();
  const open = toasts.filter((toast) => toast.open);
  return (
    <section className="toasts" aria-live="polite" aria-label="Notifications">
      {open.map((toast) => (
        <div className="toast" key={toast.id} role="status">
          <p>{toast.message}</p>
          <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
