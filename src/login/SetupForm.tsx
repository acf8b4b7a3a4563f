import { useState } from 'react';
import { PASSWORD_GENERATED } from '../../schemas/accessPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import { Field } from './Field.tsx';
import { FormError } from './FormError.tsx';
import type { FormProps } from './formTypes.ts';
import { ConfirmPasswordField, NewPasswordField, PASSWORD_MISMATCH } from './PasswordFields.tsx';
import { useSubmit } from './useSubmit.ts';

/** Who just signed in, as the sign-in answer carries them. */
export interface SignedInUser {
  id?: unknown;
  role?: unknown;
  full_name?: unknown;
  [PASSWORD_GENERATED]?: unknown;
}

/** What a first sign-in still asks for: an admin's name (partners read it in mail and "… is presenting"), and a password of their own in place of a generated one. */
export function setupNeeds(user: SignedInUser | null | undefined): { name: boolean; password: boolean } {
  const named = typeof user?.full_name === 'string' && user.full_name.trim() !== '';
  return { name: user?.role === 'admin' && !named, password: user?.[PASSWORD_GENERATED] === true };
}

/**
 * The step after a first sign-in that still needs something: the admin's name, a new password, or
 * both, each saved through the ordinary calls (updateMe, changePassword) before the deck opens.
 */
export function SetupForm({
  client,
  signedIn,
  user,
  currentPassword,
}: Pick<FormProps, 'signedIn'> & { client: Base44Client; user: SignedInUser; currentPassword: string }) {
  const needs = setupNeeds(user);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = again !== '' && again !== password ? PASSWORD_MISMATCH : null;
  const { busy, error, onSubmit } = useSubmit(async () => {
    if (needs.password && password !== again) throw new Error(PASSWORD_MISMATCH);
    if (needs.name) await client.auth.updateMe({ full_name: name.trim() });
    if (needs.password) await client.auth.changePassword({ userId: String(user.id), currentPassword, newPassword: password });
    signedIn();
  });
  return (
    <form onSubmit={onSubmit} aria-busy={busy}>
      {needs.name ? (
        <Field
          label="Your name"
          hint="Partners see it in every invitation you send and when you present."
          name="name"
          autoComplete="name"
          required
          maxLength={200}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      ) : null}
      {needs.password ? (
        <>
          <p className="login-hint">The password you signed in with was generated when the deck was set up. Choose your own.</p>
          <NewPasswordField label="New password" value={password} onChange={(event) => setPassword(event.target.value)} />
          <ConfirmPasswordField label="New password again" value={again} error={mismatch} onChange={(event) => setAgain(event.target.value)} />
        </>
      ) : null}
      <FormError message={error} />
      <button type="submit" className="login-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save and continue'}
      </button>
    </form>
  );
}
