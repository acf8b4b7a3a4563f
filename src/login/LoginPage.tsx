import { useEffect, useRef, useState } from 'react';
import { takeSignOutNotice } from '../auth/signOutNotice.ts';
import type { Base44Client } from '../sdk/index.ts';
import { ForgotForm } from './ForgotForm.tsx';
import type { FormProps } from './formTypes.ts';
import { initialLoginState, type LoginMode } from './loginTarget.ts';
import { RegisterForm } from './RegisterForm.tsx';
import { ResetForm } from './ResetForm.tsx';
import { SignInForm } from './SignInForm.tsx';
import { VerifyForm } from './VerifyForm.tsx';

const TITLES: Record<LoginMode, string> = {
  signin: 'Sign in to view the deck',
  register: 'Create your account',
  verify: 'Confirm your email',
  forgot: 'Reset your password',
  reset: 'Choose a new password',
};

/** The sign-in page: one form at a time, its heading focused on each switch so it is announced. */
export function LoginPage({ client, search, onSignedIn }: { client: Base44Client; search: string; onSignedIn(): void }) {
  const start = initialLoginState(search);
  const [mode, setMode] = useState<LoginMode>(start.mode);
  const [email, setEmail] = useState(start.email);
  // Someone who just signed out of the deck hears so here (src/auth/signOutNotice.ts).
  const [notice, setNotice] = useState<string | null>(() => takeSignOutNotice());
  // Kept only in memory, so confirming the code can sign in without typing the password again.
  const [password, setPassword] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [mode, notice]);

  const props: FormProps = {
    client,
    email,
    setEmail,
    go: (next, message) => {
      setMode(next);
      setNotice(message ?? null);
    },
    signedIn: onSignedIn,
  };

  return (
    <main className="login-page">
      <div className="login-card">
        <p className="login-brand">Investor Deck</p>
        <h1 ref={heading} tabIndex={-1}>
          {TITLES[mode]}
        </h1>
        <p role="status" aria-live="polite" className="login-notice">
          {notice}
        </p>
        {mode === 'signin' && <SignInForm {...props} />}
        {mode === 'register' && <RegisterForm {...props} onPassword={setPassword} />}
        {mode === 'verify' && <VerifyForm {...props} password={password} />}
        {mode === 'forgot' && <ForgotForm {...props} />}
        {mode === 'reset' && start.resetToken && <ResetForm {...props} resetToken={start.resetToken} />}
      </div>
    </main>
  );
}
