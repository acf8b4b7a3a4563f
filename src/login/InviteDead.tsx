import type { InviteStatus } from '../../schemas/accessPaths.ts';

/** A link state that grants nothing. */
export type DeadInviteState = Exclude<InviteStatus['state'], 'valid'>;

/** The heading of each dead link's screen (LoginPage shows it). */
export const DEAD_INVITE_TITLES: Record<DeadInviteState, string> = {
  used: 'Invitation already used',
  expired: 'Invitation expired',
  revoked: 'Invitation withdrawn',
  unknown: 'Invitation link not valid',
};

// Said on the page itself (not taken from the server), so the hosted platform's links read the same.
const EXPLANATIONS: Record<DeadInviteState, string> = {
  used: 'This invitation was already used. Sign in with your password.',
  expired:
    'This invitation has expired, or a newer one replaced it. Open the latest invitation email, or ask the person who invited you to send a new one.',
  revoked: 'This invitation was withdrawn, so it no longer opens the deck. If you think this is a mistake, contact the person who invited you.',
  unknown: 'This link is not a valid invitation. Check that you opened the whole link from the email, or ask the person who invited you for a new one.',
};

/** Why an invitation link grants nothing, and the way to the sign-in form; never a form that grants anything. */
export function InviteDead({ state, onSignIn }: { state: DeadInviteState; onSignIn(): void }) {
  return (
    <>
      <p className="login-explanation">{EXPLANATIONS[state]}</p>
      <div className="login-links">
        <button type="button" className={state === 'used' ? 'login-primary' : 'login-link'} onClick={onSignIn}>
          {state === 'used' ? 'Sign in with your password' : 'Go to sign in'}
        </button>
      </div>
    </>
  );
}
