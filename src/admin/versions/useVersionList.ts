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
export function useVersionList(client: Base44Client): VersionList {
  const [list, setList] = useState<DeckVersionList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    (client.entities[VERSION_ENTITY]!.list() as unknown as Promise<DeckVersionList>).then(
      (answer) => {
        setList(answer);
        setError(null);
      },
      (failure: unknown) => setError(fieldError(failure).message),
    );
  }, [client]);
  useEffect(reload, [reload]);
  return { list, error, reload };
}
