import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EntityHandler } from '../sdk/index.ts';
import { fieldError } from './fieldError.ts';
import { applyChange, newestFirst, type RecordChange } from './recordChanges.ts';

/** One entity's records for a console section: loading, the load error, a reload. */
export interface Records<T> {
  records: T[] | null;
  error: string | null;
  reload(): Promise<void>;
}

/**
 * Lists an entity's records, newest first; with `live`, keeps them current from the entity's room,
 * so a request that arrives while the console is open shows without a reload. The subscription is
 * undone when the section goes.
 */
export function useRecords<T extends { id: string; created_date?: string }>(handler: EntityHandler, live = false): Records<T> {
  const [records, setRecords] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setRecords(newestFirst((await handler.list('-created_date', 5000)) as T[]));
      setError(null);
    } catch (failure) {
      setError(fieldError(failure).message);
    }
  }, [handler]);
  useEffect(() => {
    void reload();
    if (!live) return undefined;
    return handler.subscribe((change) => setRecords((current) => (current ? applyChange(current, change as unknown as RecordChange<T>) : current)));
  }, [handler, live, reload]);
  // One object while nothing changed, so a memoised section given it does not draw again.
  return useMemo(() => ({ records, error, reload }), [records, error, reload]);
}
