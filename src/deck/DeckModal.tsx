import type { ReactNode } from 'react';
import { ModalDialog } from '../components/forms/ModalDialog.tsx';
import { focusMainHeading, focusQuietly } from './documentEffects.ts';

/** On close, focus goes back where it was: without a ring to a heading the deck had focused itself, or to the heading when nothing had focus. */
function restoreDeckFocus(opener: HTMLElement | null): void {
  if (opener?.isConnected && opener.getAttribute('tabindex') === '-1') focusQuietly(opener);
  else if (opener?.isConnected) opener.focus();
  else focusMainHeading(document.querySelector('main'));
}

/** The deck's modal dialogs (overview, go-to, key help): the shared ModalDialog with the deck's return of focus. */
export function DeckModal({ title, className, onClose, children }: { title: string; className?: string; onClose: () => void; children: ReactNode }) {
  return (
    <ModalDialog title={title} className={className} onClose={onClose} restoreFocus={restoreDeckFocus}>
      {children}
    </ModalDialog>
  );
}
