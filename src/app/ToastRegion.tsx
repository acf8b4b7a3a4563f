import { Link, useLocation } from 'wouter';
import { useToasts } from './ToastContext.tsx';
import type { ToastLink } from './toasts.ts';

/** A link to the page the reader is on leads nowhere: "Open the admin console" inside the console. */
function leadsElsewhere(link: ToastLink, here: string): boolean {
  return link.href.split('#')[0] !== here;
}

/**
 * Open toasts, newest first, in a polite live region. They close by themselves (TOAST_OPEN_MS), but
 * not while the reader's pointer or focus is on them (ToastContext asks this element).
 */
export function ToastRegion() {
  const { toasts, dismiss } = useToasts();
  const [here] = useLocation();
  const open = toasts.filter((toast) => toast.open);
  return (
    <section className="toasts" aria-live="polite" aria-label="Notifications">
      {open.map((toast) => (
        <div className="toast" key={toast.id} role="status">
          <div className="toast__body">
            <p>{toast.message}</p>
            {toast.link && leadsElsewhere(toast.link, here) ? (
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
