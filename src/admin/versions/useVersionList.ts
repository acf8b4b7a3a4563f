import { useCallback, useEffect, useState } from 'react';
import { type DeckVersionList, VERSION_ENTITY } from '../../../schemas/versionPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { fieldError } from '../fieldError.ts';

/** The deck's versions as the console reads them once: the Versions section and the Engagement filter share it. */
export interface VersionList {
  /** Null while loading, or when it failed. */
  list: DeckVersionList | null;
  error: string | null;
  /** Reads the list again (after a note is saved). */
  reload(): void;
}

/** `GET …/DeckVersion` answers `{ current, versions }`, not an array of records (versionPaths.ts). */
function askVersions(client: Base44Client): Promise<DeckVersionList> {
  return client.entities[VERSION_ENTITY]!.list() as unknown as Promise<DeckVersionList>;
}

/**
 * The request a first render made, for a render of it that React throws away and does again (one
 * that suspends on a lazy part is redone from scratch, state and all): the redo takes the same
 * request rather than asking twice. The console takes it when it has drawn; one left behind
 * (the console never drew) is not taken after a few seconds.
 */
const pending = new WeakMap<Base44Client, { asked: Promise<DeckVersionList>; at: number }>();
const PENDING_FOR_MS = 10_000;

function firstAsk(client: Base44Client): Promise<DeckVersionList> {
  const earlier = pending.get(client);
  if (earlier && Date.now() - earlier.at < PENDING_FOR_MS) return earlier.asked;
  const asked = askVersions(client);
  // Its failure is shown once the console has drawn (below); until then it is not an unhandled one.
  asked.catch(() => undefined);
  pending.set(client, { asked, at: Date.now() });
  return asked;
}

export function useVersionList(client: Base44Client): VersionList {
  // Asked as the console first draws, not once it has: that first picture may hold the engagement
  // of 200 viewers (a few hundred ms), and the answer is on its way meanwhile.
  const [first] = useState(() => firstAsk(client));
  useEffect(() => {
    pending.delete(client);
  }, [client]);
  const [list, setList] = useState<DeckVersionList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<Promise<DeckVersionList>>(first);
  useEffect(() => {
    let live = true;
    asked.then(
      (answer) => {
        if (!live) return;
        setList(answer);
        setError(null);
      },
      (failure: unknown) => live && setError(fieldError(failure).message),
    );
    return () => {
      live = false;
    };
  }, [asked]);
  const reload = useCallback(() => setAsked(askVersions(client)), [client]);
  return { list, error, reload };
}
