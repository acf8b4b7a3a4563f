import { useState } from 'react';
import { Field } from './Field.tsx';
import { FormError } from './FormError.tsx';
import type { FormProps } from './formTypes.ts';
import { useSubmit } from './useSubmit.ts';

/** What verify-otp answers: a session, or (after competing registrations) a token to choose a password with. */
interface Verified {
  access_token?: string;
  password_required?: boolean;
  reset_token?: string;
}

/** The one-time code; confirming it signs in, or asks for a password when the account has none yet. */
export function VerifyForm({ client, email, go, signedIn, onPasswordRequired }: FormProps & { onPasswordRequired(resetToken: string): void }) {
  const [code, setCode] = useState('');
  const { busy, error, onSubmit } = useSubmit(async () => {
    const reply = (await client.auth.verifyOtp({ email: email.trim(), otpCode: code.trim() })) as Verified | undefined;
    if (reply?.password_required && reply.reset_token) return onPasswordRequired(reply.reset_token);
    if (!reply?.access_token) return go('signin', 'Your email is confirmed. Sign in to continue.');
    client.auth.setToken(reply.access_token);
    signedIn();
  });
  const resend = useSubmit(async () => {
    await client.auth.resendOtp(email.trim());
    go('verify', `A new code is on its way to ${email.trim()}.`);
  });
  return (
    <>
      <form onSubmit={onSubmit} aria-busy={busy}>
        <Field
          label="6-digit code"
          hint={`Sent to ${email.trim()}. Not there after a few minutes? Check your spam folder, or ask the deck's administrator: a deck run without a mail server keeps codes in its server log.`}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <FormError message={error ?? resend.error} />
        <button type="submit" className="login-primary" disabled={busy}>
          {busy ? 'Checking…' : 'Confirm'}
        </button>
      </form>
      <form onSubmit={resend.onSubmit} className="login-links">
        <button type="submit" className="login-link" disabled={resend.busy}>
          Send a new code
        </button>
        <button type="button" className="login-link" onClick={() => go('signin')}>
          Back to sign in
        </button>
      </form>
    </>
  );
}
