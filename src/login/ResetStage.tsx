import { useCallback, useEffect, useState } from 'react';
import type { ResetStatus } from '../../schemas/accessPaths.ts';
import { STATUS_CALL } from '../../schemas/statusPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import type { FormProps } from './formTypes.ts';
import { errorField } from './loginClient.ts';
import { ResetForm } from './ResetForm.tsx';

/** A reset link state that sets no password. */
export type DeadResetState = Exclude<ResetStatus['state'], 'valid'>;

/** The page's heading for each dead reset link. */
export const DEAD_RESET_TITLES: Record<DeadResetState, string> = {
  used: 'Reset link already used',
  expired: 'Reset link expired',
  password_changed: 'Your password changed since',
  unknown: 'Reset link not valid',
};

// Said on the page itself, like a dead invitation's words (InviteDead.tsx).
const EXPLANATIONS: Record<DeadResetState, string> = {
  used: 'This reset link was already used. Sign in with the password you chose, or ask for a new link.',
  expired: 'This reset link has expired: a link works for one hour after it is sent. Ask for a new one.',
  password_changed:
    'Your password was changed after this link was sent, so the link no longer works. Sign in with your current password, or ask for a new link.',
  unknown: 'This is not a valid reset link. Check that you opened the whole link from the email, or ask for a new one.',
};

/** STATUS_CALL.resetStatus: what a reset link is worth, asked before anything is typed. */
async function askResetStatus(client: Base44Client, resetToken: string): Promise<ResetStatus> {
  const { serverUrl, appId } = client.getConfig();
  const reply = await fetch(`${serverUrl}/api/apps/${encodeURIComponent(appId)}${STATUS_CALL.resetStatus}`, {
    method: 'POST',
    headers: { 'X-App-Id': appId, 'Content-Type': 'application/json' },
    body: JSON.stringify({ reset_token: resetToken }),
  });
  if (!reply.ok) throw new Error(`reset status: ${reply.status}`);
  return (await reply.json()) as ResetStatus;
}

/** What the page knows of a reset link: nothing yet, its state, or the platform cannot say (the form is offered then). */
export type ResetLookup = { state: 'checking' } | { state: 'known'; status: ResetStatus } | { state: 'unchecked' };

/**
 * Asks the platform what a reset link is worth before any password is typed (a used link
 * was refused only after both passwords were typed). A platform without the check gets the form.
 */
export function useResetStatus(client: Base44Client, resetToken: string | null): { lookup: ResetLookup; recheck(): void } {
  const [lookup, setLookup] = useState<ResetLookup>({ state: 'checking' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!resetToken) return;
    let current = true;
    askResetStatus(client, resetToken).then(
      (status) => current && setLookup({ state: 'known', status }),
      () => current && setLookup({ state: 'unchecked' }),
    );
    return () => {
      current = false;
    };
  }, [client, resetToken, round]);
  const recheck = useCallback(() => setRound((n) => n + 1), []);
  return { lookup, recheck };
}

/** The page's heading for a reset link, once known; null for the page's default. */
export function resetTitle(lookup: ResetLookup): string | null {
  if (lookup.state === 'checking') return 'Opening your reset link…';
  return lookup.state === 'known' && lookup.status.state !== 'valid' ? DEAD_RESET_TITLES[lookup.status.state] : null;
}

/** A reset link's part of the page: checking it, its form, or why it sets no password and the ways on. */
export function ResetStage({
  resetToken,
  lookup,
  recheck,
  leave,
  onChanged,
  ...props
}: FormProps & {
  resetToken: string;
  lookup: ResetLookup;
  recheck(): void;
  leave(mode: 'signin' | 'forgot'): void;
  onChanged(password: string): Promise<void>;
}) {
  if (lookup.state === 'checking') return <p className="login-explanation">Checking your reset link…</p>;
  if (lookup.state === 'known' && lookup.status.state !== 'valid') {
    return (
      <>
        <p className="login-explanation">{EXPLANATIONS[lookup.status.state]}</p>
        <div className="login-links">
          <button type="button" className="login-primary" onClick={() => leave('signin')}>
            Sign in
          </button>
          <button type="button" className="login-link" onClick={() => leave('forgot')}>
            Send me a new link
          </button>
        </div>
      </>
    );
  }
  return (
    <ResetForm
      {...props}
      resetToken={resetToken}
      onChanged={onChanged}
      // The link died while the form was open (used in another tab): say why instead of a bare error.
      onRefused={(error) => {
        if (errorField(error) === 'reset_token') recheck();
      }}
    />
  );
}
