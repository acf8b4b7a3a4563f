import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

/**
 * A native modal <dialog>: the browser keeps focus inside and the page behind inert, Escape closes
 * it. Mounted means open; `onClose` runs on Escape or a Close button, and focus goes back to the
 * control that opened it (the browser's own restore is not in every engine yet).
 */
export function ModalDialog({
  title,
  onClose,
  fallbackFocus,
  children,
}: {
  title: string;
  onClose: () => void;
  /** Where focus goes when the opener is gone by the time the dialog closes (a revoked person's row loses its Revoke button). */
  fallbackFocus?: (() => HTMLElement | null) | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  const fallback = useRef(fallbackFocus);
  fallback.current = fallbackFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const closed = () => close.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      (opener?.isConnected ? opener : fallback.current?.())?.focus();
    };
  }, []);

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId}>
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
