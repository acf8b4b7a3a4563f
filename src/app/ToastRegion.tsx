import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useToasts } from './ToastContext.tsx';
import type { ToastLink } from './toasts.ts';

/** A link to the page the reader is on leads nowhere: "Open the admin console" inside the console (issue 28). */
function leadsElsewhere(link: ToastLink, here: string): boolean {
  return link.href.split('#')[0] !== here;
}

/**
 * Open toasts, newest first, in a polite live region. They close by themselves (TOAST_OPEN_MS), but
 * not while the reader's pointer or focus is on them.
 */
export function ToastRegion() {
  const { toasts, dismiss, hold } = useToasts();
  const [here] = useLocation();
  const open = toasts.filter((toast) => toast.open);
  // The last toast gone from under the pointer or with the focus fires no leave or blur: let go.
  useEffect(() => {
    if (open.length === 0) hold(false);
  }, [open.length, hold]);
  return (
    <section
      className="toasts"
      aria-live="polite"
      aria-label="Notifications"
      // Held while the pointer is on the toasts or the focus is in them, either one.
      onPointerEnter={() => hold(true)}
      onPointerLeave={(event) => hold(event.currentTarget.contains(document.activeElement))}
      onFocus={() => hold(true)}
      onBlur={(event) => hold(event.currentTarget.contains(event.relatedTarget as Node | null) || event.currentTarget.matches(':hover'))}
    >
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
