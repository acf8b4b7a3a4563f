import { useEffect, useRef, useState } from 'react';
import { takeSignOutNotice } from '../sdk/signOutNotice.ts';
import type { Base44Client } from '../sdk/index.ts';
import { ForgotForm } from './ForgotForm.tsx';
import { FormError } from './FormError.tsx';
import type { FormProps } from './formTypes.ts';
import { DEAD_INVITE_TITLES, InviteDead } from './InviteDead.tsx';
import { InviteForm } from './InviteForm.tsx';
import { initialLoginState, type LoginMode } from './loginTarget.ts';
import { RegisterForm } from './RegisterForm.tsx';
import { ResetForm } from './ResetForm.tsx';
import { SignInForm } from './SignInForm.tsx';
import { type InviteLookup, useInviteStatus } from './useInviteStatus.ts';
import { VerifyForm } from './VerifyForm.tsx';

const TITLES: Record<LoginMode, string> = {
  signin: 'Sign in to view the deck',
  register: 'Create your account',
  verify: 'Confirm your email',
  forgot: 'Reset your password',
  reset: 'Choose a new password',
  choose: 'Choose your password',
  invite: 'Choose your password',
};

// An invitation's heading follows what its link turned out to be worth.
function inviteTitle(lookup: InviteLookup): string {
  if (lookup.state === 'checking') return 'Opening your invitation…';
  if (lookup.state === 'failed') return 'Your invitation';
  return lookup.status.state === 'valid' ? TITLES.invite : DEAD_INVITE_TITLES[lookup.status.state];
}

// Leaving an invitation or reset link: drop its token from the address, so a reload shows the sign-in form.
function forgetLinkToken(): void {
  window.history.replaceState(null, '', window.location.pathname);
}

/** The sign-in page: one form at a time, its heading focused on each switch so it is announced. */
export function LoginPage({ client, search, onSignedIn }: { client: Base44Client; search: string; onSignedIn(): void }) {
  const start = initialLoginState(search);
  const [mode, setMode] = useState<LoginMode>(start.mode);
  const [email, setEmail] = useState(start.email);
  // Someone who just signed out of the deck hears so here (src/auth/signOutNotice.ts).
  const [notice, setNotice] = useState<string | null>(() => takeSignOutNotice());
  // The single-use token verify-otp hands over when the account still needs a password.
  const [chooseToken, setChooseToken] = useState<string | null>(null);
  const invite = useInviteStatus(client, start.inviteToken);
  const inviteStage = invite.lookup.state === 'known' ? invite.lookup.status.state : invite.lookup.state;
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [mode, notice, inviteStage]);

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
          {mode === 'invite' ? inviteTitle(invite.lookup) : TITLES[mode]}
        </h1>
        <p role="status" aria-live="polite" className="login-notice">
          {notice}
        </p>
        {mode === 'invite' && start.inviteToken && <InviteStage {...props} inviteToken={start.inviteToken} lookup={invite.lookup} recheck={invite.recheck} />}
        {mode === 'signin' && <SignInForm {...props} />}
        {mode === 'register' && <RegisterForm {...props} />}
        {mode === 'verify' && (
          <VerifyForm
            {...props}
            onPasswordRequired={(token) => {
              setChooseToken(token);
              props.go('choose', 'Your email is confirmed. Choose the password you will sign in with.');
            }}
          />
        )}
        {mode === 'forgot' && <ForgotForm {...props} />}
        {mode === 'reset' && start.resetToken && (
          <ResetForm
            {...props}
            resetToken={start.resetToken}
            onChanged={async () => {
              // The token is spent: drop it from the address so a reload does not offer a dead form.
              forgetLinkToken();
              props.go('signin', 'Your password has been changed. Sign in with the new one.');
            }}
          />
        )}
        {mode === 'choose' && chooseToken && (
          <ResetForm
            {...props}
            resetToken={chooseToken}
            onChanged={async (password) => {
              await client.auth.loginViaEmailPassword(email.trim(), password);
              onSignedIn();
            }}
          />
        )}
      </div>
    </main>
  );
}

/** An invitation link's part of the page: checking it, its password form, or why it grants nothing. */
function InviteStage({ inviteToken, lookup, recheck, ...props }: FormProps & { inviteToken: string; lookup: InviteLookup; recheck(): void }) {
  const toSignIn = (email?: string) => {
    forgetLinkToken();
    if (email) props.setEmail(email);
    props.go('signin');
  };
  if (lookup.state === 'checking') return <p className="login-explanation">Checking your invitation link…</p>;
  if (lookup.state === 'failed') {
    return (
      <>
        <FormError message={lookup.error} />
        <div className="login-links">
          <button type="button" className="login-link" onClick={recheck}>
            Try again
          </button>
          <button type="button" className="login-link" onClick={() => toSignIn()}>
            Go to sign in
          </button>
        </div>
      </>
    );
  }
  const { status } = lookup;
  if (status.state === 'valid' && status.email) {
    return <InviteForm {...props} inviteToken={inviteToken} invitedEmail={status.email} onLinkRefused={recheck} />;
  }
  // A "valid" answer without the address is treated as unknown: the form needs to show whose password it sets.
  return <InviteDead state={status.state === 'valid' ? 'unknown' : status.state} onSignIn={() => toSignIn(status.email)} />;
}
