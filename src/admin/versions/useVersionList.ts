import { useCallback, useEffect, useState } from 'react';
import type { DeckVersionList } from '../../../schemas/versionPaths.ts';
import { fieldError } from '../fieldError.ts';

/** The deck's versions as the console reads them once: the Versions section and the Engagement filter share it. */
export interface VersionList {
  /** Null while loading, or when it failed. */
  list: DeckVersionList | null;
  error: string | null;
  /** Reads the list again (after a note is saved). */
  reload(): void;
  /** Sets a version's note (`PUT …/DeckVersion/{id}`); the list is not read again by it. */
  setNote(id: string, note: string | null): Promise<unknown>;
}

/**
 * Where the list comes from (`GET …/DeckVersion`, src/app/consoleEarly.ts): the console's route asks
 * before this chunk is in, so the answer is often there for the console's first picture.
 */
export interface VersionSource {
  /** The route's first answer once, a fresh request each time after. */
  ask(): Promise<DeckVersionList>;
  /** The route's first answer if it has arrived and is not used yet (a look: a render may be thrown away). */
  arrived(): DeckVersionList | undefined;
  /** The first answer was drawn: the next ask is a fresh request. */
  settle(): void;
  /** Sets a version's note (the versions' calls live with the source, src/app/consoleEarly.ts). */
  setNote(id: string, note: string | null): Promise<unknown>;
}

export function useVersionList(source: VersionSource): VersionList {
  const [initial] = useState(() => source.arrived());
  const [list, setList] = useState<DeckVersionList | null>(initial ?? null);
  const [error, setError] = useState<string | null>(null);
  // How many times it was read again: each is a fresh request.
  const [reads, setReads] = useState(0);
  useEffect(() => {
    if (initial && reads === 0) {
      source.settle();
      return;
    }
    let live = true;
    source.ask().then(
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
  }, [source, initial, reads]);
  const reload = useCallback(() => setReads((count) => count + 1), []);
  return { list, error, reload, setNote: source.setNote };
}
