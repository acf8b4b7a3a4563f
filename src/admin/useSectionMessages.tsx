import { useState } from 'react';
import { fieldError } from './fieldError.ts';

/**
 * A console section's two live lines: what the last action did (status) and why it failed (alert),
 * plus `act`, which runs an action, says `done` once it succeeded and the failure's message otherwise.
 */
export function useSectionMessages() {
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  /** Shows `text` as the section's status and clears any failure. */
  const say = (text: string) => {
    setError(null);
    setStatus(text);
  };

  const act = async (run: () => Promise<unknown>, done: string | (() => string)) => {
    say('');
    try {
      await run();
      setStatus(typeof done === 'function' ? done() : done);
    } catch (failure) {
      setError(fieldError(failure).message);
    }
  };

  /** The alert (this section's failure, else `loadError`) and the status line, announced as they change. */
  const messages = (loadError?: string | null) => (
    <>
      <div role="alert" className="admin-alert">
        {error ?? loadError}
      </div>
      <p role="status" className="admin-status">
        {status}
      </p>
    </>
  );

  return { act, say, messages };
}
