import { useState } from 'react';
import { Field } from './Field.tsx';
import { FormError } from './FormError.tsx';
import type { FormProps } from './formTypes.ts';
import { useSubmit } from './useSubmit.ts';

/** A new password for the reset link's token; the two entries must match before anything is sent. */
export function ResetForm({ client, go, resetToken }: FormProps & { resetToken: string }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = again !== '' && again !== password ? 'The two passwords differ.' : null;
  const { busy, error, onSubmit } = useSubmit(async () => {
    if (password !== again) throw new Error('The two passwords differ.');
    await client.auth.resetPassword({ resetToken, newPassword: password });
    // The token is spent: drop it from the address so a reload does not offer a dead form.
    window.history.replaceState(null, '', window.location.pathname);
    go('signin', 'Your password has been changed. Sign in with the new one.');
  });
  return (
    <form onSubmit={onSubmit} aria-busy={busy}>
      <Field label="New password" hint="At least 8 characters." type="password" name="new-password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />
      <Field label="New password again" type="password" name="confirm-password" autoComplete="new-password" required minLength={8} value={again} error={mismatch} onChange={(e) => setAgain(e.target.value)} />
      <FormError message={error} />
      <button type="submit" className="login-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
