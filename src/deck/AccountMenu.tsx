import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { useDeckUser } from './DeckUserContext.tsx';

const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog.tsx').then((module) => ({ default: module.ChangePasswordDialog })));

/**
 * The signed-in viewer's account: one "Account" button in the header (it fits a 390-wide phone
 * beside the zoom) opening a panel with the email, "Change password", the admin console for admins,
 * and "Sign out". A disclosure, not an ARIA menu: Tab moves through it, Escape or a click outside
 * closes it and focus returns to the button. Nothing in standalone mode.
 */
export function AccountMenu() {
  const { user, logout, changePassword, downloadPdf } = useDeckUser();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      // The dialog handles its own Escape (the browser closes it); the panel waits for the next one.
      if (event.key !== 'Escape' || dialog) return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!dialog && !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, dialog]);

  if (!user || !logout) return null;
  return (
    <div className="account" ref={root}>
      <button ref={toggle} type="button" className="zoom__button account__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Account
      </button>
      <div id={panelId} className="account__panel" hidden={!open}>
        <p className="account__who">
          Signed in as <span className="account__email">{user.email}</span>
        </p>
        <ul className="account__actions" role="list">
          {changePassword && (
            <li>
              <button type="button" className="account__action" aria-haspopup="dialog" onClick={() => setDialog(true)}>
                Change password
              </button>
            </li>
          )}
          {downloadPdf && (
            // On a phone the header has no room for "Download PDF" (DeckHeader.tsx): it is here instead.
            <li className="account__download">
              <a href={downloadPdf} download className="account__action">
                Download PDF
              </a>
            </li>
          )}
          {user.role === 'admin' && (
            <li>
              <Link href={ADMIN_PATH} className="account__action" onClick={() => setOpen(false)}>
                Admin console
              </Link>
            </li>
          )}
          <li>
            <button type="button" className="account__action" onClick={logout}>
              Sign out
            </button>
          </li>
        </ul>
      </div>
      {dialog && changePassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog send={changePassword} onClose={() => setDialog(false)} />
        </Suspense>
      )}
    </div>
  );
}
