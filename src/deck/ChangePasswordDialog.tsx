// Loaded on the first "Change password": few viewers ever open it, so it stays out of the first visit.
import { useState } from 'react';
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from '../../schemas/passwordRule.ts';
import { FormDialog } from '../components/forms/FormDialog.tsx';
import { FormField } from '../components/forms/FormField.tsx';
import { useFormRequest } from '../components/forms/useFormRequest.ts';
import type { PasswordChange } from './DeckUserContext.tsx';

/** What the viewer reads once the platform took the new password. */
export const PASSWORD_CHANGED = 'Your password has been changed. Other devices signed in to this deck have been signed out.';

/** Current, new and confirmed password, with each error next to its field. */
export function ChangePasswordDialog({ send, onClose }: { send: (change: PasswordChange) => Promise<void>; onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const request = useFormRequest({ current_password: 'Current password', new_password: 'New password', confirm_password: 'New password again' });

  const check = (): Record<string, string> => {
    const errors: Record<string, string> = {};
    if (!current) errors.current_password = 'Enter your current password.';
    if (next.length < MIN_PASSWORD_LENGTH) errors.new_password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
    else if (next === current) errors.new_password = 'Choose a password different from the current one.';
    if (confirm !== next) errors.confirm_password = 'The two new passwords differ.';
    return errors;
  };

  return (
    <FormDialog
      title="Change password"
      request={request}
      done={PASSWORD_CHANGED}
      submitLabel="Save new password"
      sendingLabel="Saving…"
      onSubmit={() => void request.submit(check, () => send({ currentPassword: current, newPassword: next }))}
      onClose={onClose}
    >
      <FormField
        id="password-current"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={request.errors.current_password}
      />
      <FormField
        id="password-new"
        label="New password"
        hint={PASSWORD_HINT}
        type="password"
        autoComplete="new-password"
        required
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={request.errors.new_password}
      />
      <FormField
        id="password-confirm"
        label="New password again"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={request.errors.confirm_password}
      />
    </FormDialog>
  );
}
