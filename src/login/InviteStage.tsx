import { FormError } from './FormError.tsx';
import type { FormProps } from './formTypes.ts';
import { DEAD_INVITE_TITLES, InviteDead } from './InviteDead.tsx';
import { InviteForm } from './InviteForm.tsx';
import type { InviteLookup } from './useInviteStatus.ts';

/** The page's heading for an invitation link, once its worth is known or asking failed; null for the page's default. */
export function inviteTitle(lookup: InviteLookup): string | null {
  if (lookup.state === 'checking') return 'Opening your invitation…';
  if (lookup.state === 'failed') return null;
  return lookup.status.state === 'valid' ? 'Choose your password' : DEAD_INVITE_TITLES[lookup.status.state];
}

/** An invitation link's part of the page: checking it, its password form, or why it grants nothing. */
export function InviteStage({
  inviteToken,
  lookup,
  recheck,
  leave,
  ...props
}: FormProps & { inviteToken: string; lookup: InviteLookup; recheck(): void; leave(invitedEmail?: string): void }) {
  if (lookup.state === 'checking') return <p className="login-explanation">Checking your invitation link…</p>;
  if (lookup.state === 'failed') {
    return (
      <>
        <FormError message={lookup.error} />
        <div className="login-links">
          <button type="button" className="login-link" onClick={recheck}>
            Try again
          </button>
          <button type="button" className="login-link" onClick={() => leave()}>
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
  return <InviteDead state={status.state === 'valid' ? 'unknown' : status.state} onSignIn={() => leave(status.email)} />;
}
