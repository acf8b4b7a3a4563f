import { Link } from 'wouter';
import { useToasts } from './ToastContext.tsx';

/** Open toasts, newest first, in a polite live region. */
export function ToastRegion() {
  const { toasts, dismiss } = useToasts();
  const open = toasts.filter((toast) => toast.open);
  return (
    <section className="toasts" aria-live="polite" aria-label="Notifications">
      {open.map((toast) => (
        <div className="toast" key={toast.id} role="status">
          <div className="toast__body">
            <p>{toast.message}</p>
            {toast.link ? (
              <Link href={toast.link.href} className="toast__link" onClick={() => dismiss(toast.id)}>
                {toast.link.label}
              </Link>
            ) : null}
          </div>
          <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
