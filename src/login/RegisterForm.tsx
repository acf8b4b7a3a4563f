import { useState } from 'react';
import { Field } from './Field.tsx';
import { NewPasswordField } from './PasswordFields.tsx';
import { FormError } from './FormError.tsx';
import type { FormProps } from './formTypes.ts';
import { useSubmit } from './useSubmit.ts';

/** Email + a new password; the server then sends a one-time code to confirm the address. */
export function RegisterForm({ client, email, setEmail, go }: FormProps) {
  const [password, setPassword] = useState('');
  const { busy, error, onSubmit } = useSubmit(async () => {
    await client.auth.register({ email: email.trim(), password });
    go('verify', `A 6-digit code is on its way to ${email.trim()}.`);
  });
  return (
    <form onSubmit={onSubmit} aria-busy={busy}>
      <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <NewPasswordField label="Choose a password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <FormError message={error} />
      <button type="submit" className="login-primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create account'}
      </button>
      <div className="login-links">
        <button type="button" className="login-link" onClick={() => go('signin')}>
          Already have an account? Sign in
        </button>
      </div>
    </form>
  );
}
