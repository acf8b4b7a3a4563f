import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  title: string;
  /** Called when the dialog is dismissed (Escape, Cancel) or done; the owner stops rendering it. */
  onClose(): void;
  /** Where focus goes when the control that opened the dialog is gone by the time it closes. */
  fallbackFocus?: (() => HTMLElement | null) | undefined;
  children: ReactNode;
}

/**
 * A native modal <dialog>: the browser keeps focus inside and makes the page behind inert; Escape
 * closes it. Rendered = open. Focus goes back where it was when it closes, or, when that control
 * is gone (a revoked person's row loses its Revoke button), to `fallbackFocus` or `main`'s heading.
 */
export function ModalDialog({ title, onClose, fallbackFocus, children }: ModalDialogProps) {
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
    // Escape fires `cancel`; the owner's state decides whether the dialog stays rendered.
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    if (!dialog.open) dialog.showModal?.();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close?.();
      const target = opener?.isConnected ? opener : (fallback.current?.() ?? document.querySelector<HTMLElement>('main h1'));
      target?.focus();
    };
  }, []);
  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
