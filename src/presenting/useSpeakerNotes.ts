import { useEffect, useState } from 'react';
import { PRESENTING_CALL } from '../../schemas/presentingPaths.ts';
import type { Base44Client } from '../sdk/index.ts';

/** What the presenter window knows of the notes: still loading, every page's, or why it has none. */
export type NotesState = { status: 'loading' } | { status: 'ready'; notes: Record<string, string> } | { status: 'failed'; message: string };

/** The speaker notes, read once from the platform (admins only: the platform refuses anyone else). */
export function useSpeakerNotes(client: Base44Client): NotesState {
  const [state, setState] = useState<NotesState>({ status: 'loading' });
  useEffect(() => {
    const { serverUrl, appId } = client.getConfig();
    const token = client.getToken();
    let live = true;
    fetch(`${serverUrl}/api/apps/${encodeURIComponent(appId)}${PRESENTING_CALL.notes}`, {
      headers: { Accept: 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
      cache: 'no-store',
    })
      .then(async (response) => {
        if (!response.ok)
          throw new Error(response.status === 403 ? 'Only an admin may read the speaker notes.' : `The notes did not load (${response.status}).`);
        const body = (await response.json()) as { notes?: Record<string, string> };
        if (live) setState({ status: 'ready', notes: body.notes ?? {} });
      })
      .catch((error: unknown) => {
        if (live) setState({ status: 'failed', message: error instanceof Error ? error.message : 'The notes did not load.' });
      });
    return () => {
      live = false;
    };
  }, [client]);
  return state;
}
