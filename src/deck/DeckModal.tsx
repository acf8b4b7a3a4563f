import { useEffect, useId, useRef, type ReactNode } from 'react';
import { focusMainHeading, focusQuietly } from './documentEffects.ts';
import '../components/dialog.css';

/**
 * The deck's own modal <dialog> (overview, go-to, key help): the browser keeps focus inside and the
 * page behind inert, Escape closes it. Mounted means open. On close focus goes back where it was,
 * without a ring when that was the page's heading the deck had focused itself, or to the heading
 * when nothing had focus.
 */
export function DeckModal({ title, className, onClose, children }: { title: string; className?: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    if (!dialog.open) dialog.showModal();
    // The element marked data-autofocus starts with the focus (the current page in the overview, the field in go-to).
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const closed = () => close.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      if (opener?.isConnected && opener.getAttribute('tabindex') === '-1') focusQuietly(opener);
      else if (opener?.isConnected) opener.focus();
      else focusMainHeading(document.querySelector('main'));
    };
  }, []);

  return (
    <dialog ref={ref} className={`modal${className ? ` ${className}` : ''}`} aria-labelledby={titleId}>
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
