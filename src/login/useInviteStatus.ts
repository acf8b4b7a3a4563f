import { useCallback, useEffect, useState } from 'react';
import type { InviteStatus } from '../../schemas/accessPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import { describeError } from './loginClient.ts';

/** What the page knows of an invitation link: nothing yet, its status, or why asking failed. */
export type InviteLookup = { state: 'checking' } | { state: 'known'; status: InviteStatus } | { state: 'failed'; error: string };

/**
 * Asks the platform what an invitation link is worth before any password is asked for, so a used
 * or dead link explains itself instead of offering a form; `recheck` asks again (a retry, or after
 * an accept the platform refused because the link died meanwhile).
 */
export function useInviteStatus(client: Base44Client, inviteToken: string | null): { lookup: InviteLookup; recheck(): void } {
  const [lookup, setLookup] = useState<InviteLookup>({ state: 'checking' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!inviteToken) return;
    let current = true;
    setLookup({ state: 'checking' });
    client.access.inviteStatus(inviteToken).then(
      (status) => current && setLookup({ state: 'known', status }),
      (error: unknown) => current && setLookup({ state: 'failed', error: describeError(error) }),
    );
    return () => {
      current = false;
    };
  }, [client, inviteToken, round]);
  const recheck = useCallback(() => setRound((n) => n + 1), []);
  return { lookup, recheck };
}
