import { useState, type FormEvent } from 'react';
import { describeError, errorField } from './loginClient.ts';

/**
 * Runs a form's async action once at a time and keeps its error message, and the field a 400
 * named (`field`), so a form can show it next to that field rather than in its alert region.
 */
export function useSubmit(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [field, setField] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setField(null);
    action().then(
      () => setBusy(false),
      (failure: unknown) => {
        setError(describeError(failure));
        setField(errorField(failure));
        setBusy(false);
      },
    );
  };
  return { busy, error, field, onSubmit };
}
