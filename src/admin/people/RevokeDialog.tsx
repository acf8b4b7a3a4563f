import { useState } from 'react';
import { fieldError } from '../fieldError.ts';
import { ModalDialog } from '../../components/forms/ModalDialog.tsx';
import type { Person } from './people.ts';

interface RevokeDialogProps {
  person: Person;
  onCancel(): void;
  /** Revokes; a rejection keeps the dialog open with the platform's message. */
  onConfirm(): Promise<void>;
  /** Where focus goes once the person's Revoke button is gone. */
  fallbackFocus?: () => HTMLElement | null;
}

/** "Revoke access?" for one person: the one step between a click and ending someone's access. */
export function RevokeDialog({ person, onCancel, onConfirm, fallbackFocus }: RevokeDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    onConfirm().catch((failure: unknown) => {
      setBusy(false);
      setError(fieldError(failure).message);
    });
  };
  return (
    <ModalDialog title="Revoke access?" onClose={onCancel} fallbackFocus={fallbackFocus}>
      <div className="modal__body">
        <p>
          <strong className="admin-dialog__who">{person.email}</strong> will no longer see the deck: their open sessions end at once and their invitation links
          stop working. You can invite them again later.
        </p>
        <div role="alert" className="admin-alert">
          {error}
        </div>
        <div className="modal__actions">
          <button type="button" className="admin-button" autoFocus onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="admin-button admin-button--danger-solid" aria-busy={busy} onClick={confirm}>
            Revoke access
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
