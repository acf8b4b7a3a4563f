import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from '../../schemas/passwordRule.ts';
import { useState } from 'react';
import { Field } from './Field.tsx';
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
  const mismatch = again !== '' && again !== password ? 'The two passwords differ.' : null;
  const { busy, error, onSubmit } = useSubmit(async () => {
    if (password !== again) throw new Error('The two passwords differ.');
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
      <Field
        label="New password"
        hint={PASSWORD_HINT}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="New password again"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        value={again}
        error={mismatch}
        onChange={(e) => setAgain(e.target.value)}
      />
      <FormError message={error} />
      <button type="submit" className="login-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
