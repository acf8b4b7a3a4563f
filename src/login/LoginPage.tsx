import { useEffect, useRef, useState } from 'react';
import { takeSignOutNotice } from '../sdk/signOutNotice.ts';
import type { Base44Client } from '../sdk/index.ts';
import { ForgotForm } from './ForgotForm.tsx';
import type { FormProps } from './formTypes.ts';
import { InviteStage, inviteTitle } from './InviteStage.tsx';
import { initialLoginState, type LoginMode } from './loginTarget.ts';
import { RegisterForm } from './RegisterForm.tsx';
import { ResetForm } from './ResetForm.tsx';
import { ResetStage, resetTitle, useResetStatus } from './ResetStage.tsx';
import { type SignedInUser, SetupForm, setupNeeds } from './SetupForm.tsx';
import { SignInForm } from './SignInForm.tsx';
import { useInviteStatus } from './useInviteStatus.ts';
import { VerifyForm } from './VerifyForm.tsx';

const TITLES: Record<LoginMode, string> = {
  signin: 'Sign in to view the deck',
  register: 'Create your account',
  verify: 'Confirm your email',
  forgot: 'Reset your password',
  reset: 'Choose a new password',
  choose: 'Choose your password',
  invite: 'Your invitation',
  setup: 'Finish setting up your account',
};

// Leaving an invitation or reset link: drop its token from the address, so a reload shows the sign-in form.
function forgetLinkToken(): void {
  window.history.replaceState(null, '', window.location.pathname);
}

/** The sign-in page: one form at a time, its heading focused on each switch so it is announced. */
export function LoginPage({ client, search, onSignedIn }: { client: Base44Client; search: string; onSignedIn(): void }) {
  const start = initialLoginState(search);
  const [mode, setMode] = useState<LoginMode>(start.mode);
  const [email, setEmail] = useState(start.email);
  // Someone who just signed out of the deck hears so here (src/sdk/signOutNotice.ts).
  const [notice, setNotice] = useState<string | null>(() => takeSignOutNotice());
  // The single-use token verify-otp hands over when the account still needs a password.
  const [chooseToken, setChooseToken] = useState<string | null>(null);
  // A first sign-in that still needs a name or an own password: who signed in, with what.
  const [setup, setSetup] = useState<{ user: SignedInUser; password: string } | null>(null);
  const invite = useInviteStatus(client, start.inviteToken);
  const inviteStage = invite.lookup.state === 'known' ? invite.lookup.status.state : invite.lookup.state;
  const reset = useResetStatus(client, start.resetToken);
  const resetStage = reset.lookup.state === 'known' ? reset.lookup.status.state : reset.lookup.state;
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [mode, notice, inviteStage, resetStage]);

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
          {mode === 'invite' ? (inviteTitle(invite.lookup) ?? TITLES.invite) : mode === 'reset' ? (resetTitle(reset.lookup) ?? TITLES.reset) : TITLES[mode]}
        </h1>
        <p role="status" aria-live="polite" className="login-notice">
          {notice}
        </p>
        {mode === 'invite' && start.inviteToken && (
          <InviteStage
            {...props}
            inviteToken={start.inviteToken}
            lookup={invite.lookup}
            recheck={invite.recheck}
            leave={(invitedEmail) => {
              forgetLinkToken();
              if (invitedEmail) setEmail(invitedEmail);
              props.go('signin');
            }}
          />
        )}
        {mode === 'signin' && (
          <SignInForm
            {...props}
            onSetup={(user, password) => {
              setSetup({ user, password });
              const needs = setupNeeds(user);
              props.go(
                'setup',
                needs.password ? 'You are signed in. Choose your own password before you go on.' : 'You are signed in. Tell partners who you are.',
              );
            }}
          />
        )}
        {mode === 'setup' && setup && <SetupForm client={client} signedIn={onSignedIn} user={setup.user} currentPassword={setup.password} />}
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
          <ResetStage
            {...props}
            resetToken={start.resetToken}
            lookup={reset.lookup}
            recheck={reset.recheck}
            leave={(next) => {
              forgetLinkToken();
              props.go(next);
            }}
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
