import { useState } from 'react';
import { Field } from './Field.tsx';
import { FormError } from './FormError.tsx';
import type { FormProps } from './formTypes.ts';
import { type SignedInUser, setupNeeds } from './SetupForm.tsx';
import { useSubmit } from './useSubmit.ts';

/**
 * Email + password; the server also sets the session cookie that lets the deck's pages through. An
 * account that still needs something (setupNeeds) goes on to `onSetup` instead of the deck.
 */
export function SignInForm({ client, email, setEmail, go, signedIn, onSetup }: FormProps & { onSetup(user: SignedInUser, password: string): void }) {
  const [password, setPassword] = useState('');
  const { busy, error, onSubmit } = useSubmit(async () => {
    const { user } = await client.auth.loginViaEmailPassword(email.trim(), password);
    const needs = setupNeeds(user as SignedInUser);
    if (needs.name || needs.password) onSetup(user as SignedInUser, password);
    else signedIn();
  });
  return (
    <form onSubmit={onSubmit} aria-busy={busy}>
      <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={error} />
      <button type="submit" className="login-primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <div className="login-links">
        <button type="button" className="login-link" onClick={() => go('forgot')}>
          Forgot your password?
        </button>
        <button type="button" className="login-link" onClick={() => go('register')}>
          New here? Create your account
        </button>
      </div>
    </form>
  );
}
