import type { InviteStatus } from '../../schemas/accessPaths.ts';

/** A link state that grants nothing. */
export type DeadInviteState = Exclude<InviteStatus['state'], 'valid'>;

/** The heading of each dead link's screen (LoginPage shows it). */
export const DEAD_INVITE_TITLES: Record<DeadInviteState, string> = {
  used: 'Invitation already used',
  expired: 'Invitation expired',
  replaced: 'A newer invitation was sent',
  password_changed: 'You already have a password',
  revoked: 'Invitation withdrawn',
  unknown: 'Invitation link not valid',
};

// Said on the page itself (not taken from the server), so the hosted platform's links read the same.
const EXPLANATIONS: Record<DeadInviteState, string> = {
  used: 'This invitation was already used. Sign in with your password.',
  expired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  replaced: 'A newer invitation replaced this one. Open the latest invitation email, or ask the person who invited you to send a new one.',
  password_changed: 'You have chosen a password since this invitation was sent, so you no longer need it. Sign in with your password.',
  revoked: 'This invitation was withdrawn, so it no longer opens the deck. If you think this is a mistake, contact the person who invited you.',
  unknown: 'This link is not a valid invitation. Check that you opened the whole link from the email, or ask the person who invited you for a new one.',
};

// States in which the person already has a password: signing in is the way on.
const HAS_PASSWORD: ReadonlySet<DeadInviteState> = new Set(['used', 'password_changed']);

/** Why an invitation link grants nothing, and the way to the sign-in form; never a form that grants anything. */
export function InviteDead({ state, onSignIn }: { state: DeadInviteState; onSignIn(): void }) {
  return (
    <>
      <p className="login-explanation">{EXPLANATIONS[state]}</p>
      <div className="login-links">
        <button type="button" className={HAS_PASSWORD.has(state) ? 'login-primary' : 'login-link'} onClick={onSignIn}>
          {HAS_PASSWORD.has(state) ? 'Sign in with your password' : 'Go to sign in'}
        </button>
      </div>
    </>
  );
}
