import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

/**
 * A native modal <dialog>: the browser keeps focus inside and the page behind inert, Escape closes
 * it. Mounted means open; `onClose` runs on Escape or a Close button, and focus goes back to the
 * control that opened it (the browser's own restore is not in every engine yet).
 */
export function ModalDialog({
  title,
  className,
  onClose,
  fallbackFocus,
  restoreFocus,
  children,
}: {
  title: string;
  /** Added to `modal` on the <dialog>. */
  className?: string | undefined;
  onClose: () => void;
  /** Where focus goes when the opener is gone by the time the dialog closes (a revoked person's row loses its Revoke button). */
  fallbackFocus?: (() => HTMLElement | null) | undefined;
  /** Replaces the default return of focus on close (the deck's dialogs return it without a ring to a heading). */
  restoreFocus?: ((opener: HTMLElement | null) => void) | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  const fallback = useRef(fallbackFocus);
  fallback.current = fallbackFocus;
  const restore = useRef(restoreFocus);
  restore.current = restoreFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    if (!dialog.open) dialog.showModal();
    // An element marked data-autofocus starts with the focus (the current page in the overview, the field in go-to).
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const closed = () => close.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      if (restore.current) restore.current(opener);
      else (opener?.isConnected ? opener : fallback.current?.())?.focus();
    };
  }, []);

  return (
    <dialog ref={ref} className={className ? `modal ${className}` : 'modal'} aria-labelledby={titleId}>
      <div className="modal__head">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="modal__close" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}
