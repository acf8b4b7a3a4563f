import { Field } from './Field.tsx';
import { FormError } from './FormError.tsx';
import type { FormProps } from './formTypes.ts';
import { useSubmit } from './useSubmit.ts';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotForm({ client, email, setEmail, go }: FormProps) {
  const { busy, error, onSubmit } = useSubmit(async () => {
    await client.auth.resetPasswordRequest(email.trim());
    go('signin', 'If an account exists for this email, a link to reset the password has been sent.');
  });
  return (
    <form onSubmit={onSubmit} aria-busy={busy}>
      <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormError message={error} />
      <button type="submit" className="login-primary" disabled={busy}>
        {busy ? 'Sending…' : 'Send reset link'}
      </button>
      <div className="login-links">
        <button type="button" className="login-link" onClick={() => go('signin')}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
