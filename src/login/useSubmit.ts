import { useState, type FormEvent } from 'react';
import { describeError } from './loginClient.ts';

/** Runs a form's async action once at a time and keeps its error message for the alert region. */
export function useSubmit(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    action().then(
      () => setBusy(false),
      (failure: unknown) => {
        setError(describeError(failure));
        setBusy(false);
      },
    );
  };
  return { busy, error, onSubmit };
}
