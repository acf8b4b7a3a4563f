import { useEffect, useRef, useState } from 'react';
import { Field } from './Field.tsx';
import { ConfirmPasswordField, NewPasswordField, PASSWORD_MISMATCH as MISMATCH } from './PasswordFields.tsx';
import { FormError } from './FormError.tsx';
import { errorField } from './loginClient.ts';
import type { FormProps } from './formTypes.ts';
import { useSubmit } from './useSubmit.ts';

/**
 * "Choose your password" for the address a live invitation link was sent to: the link proves the
 * mailbox, so accepting signs the person in with no code to relay. A refusal the server ties to
 * the password shows next to it (and takes the focus); one about the link asks `onLinkRefused`
 * to look the link up again, so a link that died meanwhile explains itself.
 */
export function InviteForm({
  client,
  signedIn,
  inviteToken,
  invitedEmail,
  onLinkRefused,
}: FormProps & { inviteToken: string; invitedEmail: string; onLinkRefused(): void }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const passwordInput = useRef<HTMLInputElement>(null);
  const againInput = useRef<HTMLInputElement>(null);
  const typedMismatch = again !== '' && again !== password;
  const { busy, error, field, onSubmit } = useSubmit(async () => {
    if (password !== again) throw new Error(MISMATCH);
    try {
      await client.access.acceptInvite({ inviteToken, newPassword: password });
    } catch (failure) {
      if (errorField(failure) === 'invite_token') onLinkRefused();
      throw failure;
    }
    signedIn();
  });
  const mismatch = typedMismatch || error === MISMATCH ? MISMATCH : null;
  const passwordError = field === 'new_password' ? error : null;

  // A refusal shown next to a field moves the focus there, so a screen reader reads it with the field.
  useEffect(() => {
    if (passwordError) passwordInput.current?.focus();
    else if (error === MISMATCH) againInput.current?.focus();
  }, [error, passwordError]);

  return (
    <form onSubmit={onSubmit} aria-busy={busy}>
      <Field label="Email" type="email" name="email" autoComplete="username" readOnly value={invitedEmail} />
      <NewPasswordField ref={passwordInput} label="Choose a password" value={password} error={passwordError} onChange={(e) => setPassword(e.target.value)} />
      <ConfirmPasswordField ref={againInput} label="Password again" value={again} error={mismatch} onChange={(e) => setAgain(e.target.value)} />
      <FormError message={passwordError || error === MISMATCH ? null : error} />
      <button type="submit" className="login-primary" disabled={busy}>
        {busy ? 'Opening the deck…' : 'Set password and open the deck'}
      </button>
    </form>
  );
}
