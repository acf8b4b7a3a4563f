import { useState } from 'react';
import { ConfirmPasswordField, NewPasswordField, PASSWORD_MISMATCH } from './PasswordFields.tsx';
import { FormError } from './FormError.tsx';
import type { FormProps } from './formTypes.ts';
import { useSubmit } from './useSubmit.ts';

/**
 * A new password for a single-use token (a reset link's, or the one a confirmed code hands over);
 * the two entries must match before anything is sent; `onChanged` decides where to go next.
 */
export function ResetForm({
  client,
  resetToken,
  onChanged,
  onRefused,
}: FormProps & { resetToken: string; onChanged(password: string): Promise<void>; onRefused?(error: unknown): void }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = again !== '' && again !== password ? PASSWORD_MISMATCH : null;
  const { busy, error, onSubmit } = useSubmit(async () => {
    if (password !== again) throw new Error(PASSWORD_MISMATCH);
    try {
      await client.auth.resetPassword({ resetToken, newPassword: password });
    } catch (error) {
      onRefused?.(error);
      throw error;
    }
    await onChanged(password);
  });
  return (
    <form onSubmit={onSubmit} aria-busy={busy}>
      <NewPasswordField label="New password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <ConfirmPasswordField label="New password again" value={again} error={mismatch} onChange={(e) => setAgain(e.target.value)} />
      <FormError message={error} />
      <button type="submit" className="login-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
