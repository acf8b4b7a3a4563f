import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Readiness } from '../../../schemas/readinessWire.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { fieldError } from '../fieldError.ts';
import { fetchReadiness } from './readinessCalls.ts';

/** The checklist as the console holds it: null while loading, the load's error, and a way to set or reload it. */
export interface ReadinessState {
  readiness: Readiness | null;
  error: string | null;
  reload(): Promise<void>;
  set(readiness: Readiness): void;
}

/** Loads the "Ready to share" list once the console opens; sections that change it reload or set it. */
export function useReadiness(client: Base44Client): ReadinessState {
  const [readiness, setReadiness] = useState<Readiness | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setReadiness(await fetchReadiness(client));
      setError(null);
    } catch (failure) {
      setError(fieldError(failure).message);
    }
  }, [client]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return useMemo(() => ({ readiness, error, reload, set: setReadiness }), [readiness, error, reload]);
}
