import { useEffect, useState } from 'react';
import type { PresenceUpdate, PresenceViewer } from '../../../schemas/engagementPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { watchPresence } from './presenceFeed.ts';

/** Viewers with the deck open now (null until the presence room has answered once). */
export interface Presence {
  viewers: readonly PresenceViewer[] | null;
  /** The socket failed and has not delivered a list since (it keeps retrying). */
  unreachable: boolean;
}

/** Pure: the people to list from a presence update: not admins (their pages report no slide), longest here first. */
export function viewingNow(update: PresenceUpdate): PresenceViewer[] {
  return update.viewers.filter((viewer) => viewer.role !== 'admin').sort((a, b) => a.opened_at.localeCompare(b.opened_at) || a.email.localeCompare(b.email));
}

/** Who is viewing the deck now, from the admins' presence room; the platform sends the list on joining and on every change. */
export function usePresence(client: Base44Client): Presence {
  const [state, setState] = useState<Presence>({ viewers: null, unreachable: false });
  useEffect(
    () =>
      watchPresence(
        client,
        (update) => setState({ viewers: viewingNow(update), unreachable: false }),
        () => setState((current) => (current.unreachable ? current : { ...current, unreachable: true })),
      ),
    [client],
  );
  return state;
}
