import { useEffect, useId, useRef, useState } from 'react';
import type { AccessRecord } from '../sdk/index.ts';
import './accessRestricted.css';

/** What the screen says once the request is in. */
export const REQUEST_SENT = 'Request sent: the deck’s owners have been notified and you will get an email when they decide.';

type Outcome = { kind: 'sent' | 'pending' | 'decided'; text: string } | { kind: 'error'; text: string };

/**
 * Shown to a signed-in user who is not registered for this app. Whoever sees it was
 * invited by nobody, so it offers what such a person can do: ask the deck's owners for
 * access with an optional message, or sign out and use another account.
 */
export function AccessRestricted({
  onLogout,
  onRequestAccess,
}: {
  onLogout: () => void;
  onRequestAccess?: ((message?: string) => Promise<AccessRecord>) | undefined;
}) {
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const messageId = useId();

  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);
  // Once there is an outcome, it keeps focus: effects that run again (a remount) must not move it back to the field.
  useEffect(() => {
    if (asking && !outcome) field.current?.focus();
  }, [asking, outcome]);

  async function send(): Promise<void> {
    if (!onRequestAccess || sending) return;
    const started = Date.now();
    setSending(true);
    try {
      setOutcome(describe(await onRequestAccess(message.trim() || undefined), started));
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error) });
    } finally {
      setSending(false);
    }
  }

  const done = outcome !== null && outcome.kind !== 'error';
  return (
    <article className="system-screen" aria-labelledby="slide-title">
      <h1 id="slide-title" className="slide__title" tabIndex={-1}>
        Access Restricted
      </h1>
      <p className="slide__tagline">You are not registered to use this application. This deck is shared by invitation, and your account is not on its list.</p>
      <div className="note">
        <p>You can:</p>
        <ul className="system-screen__hints">
          <li>Verify you are logged in with the correct account</li>
          <li>Ask the deck’s owners for access</li>
          <li>Try logging out and back in again</li>
        </ul>
      </div>
      {onRequestAccess && !done && asking && (
        <form
          className="access-request"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label htmlFor={messageId} className="access-request__label">
            Message to the deck’s owners (optional)
          </label>
          <textarea
            id={messageId}
            ref={field}
            className="access-request__message"
            rows={3}
            maxLength={1000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          <div>
            <button type="submit" className="button button--primary" disabled={sending}>
              {sending ? 'Sending…' : 'Send request'}
            </button>
          </div>
        </form>
      )}
      {outcome && (
        <p
          ref={result}
          tabIndex={-1}
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          className={`access-request__result access-request__result--${outcome.kind === 'error' ? 'error' : 'done'}`}
        >
          {outcome.text}
        </p>
      )}
      <div className="system-screen__actions">
        {onRequestAccess && !done && !asking && (
          <button type="button" className="button button--primary" onClick={() => setAsking(true)}>
            Request access
          </button>
        )}
        <button type="button" className={onRequestAccess ? 'button button--quiet' : 'button button--primary'} onClick={onLogout}>
          Log out
        </button>
      </div>
    </article>
  );
}

// A request made before this click is the one the platform already had: say it is still waiting.
const EARLIER_MS = 30_000;

function describe(record: AccessRecord, started: number): Outcome {
  const status = record.status;
  if (status === 'approved') return { kind: 'decided', text: 'Your request was approved. Reload the page to view the deck.' };
  if (status === 'declined') return { kind: 'decided', text: 'The deck’s owners declined your request.' };
  const created = typeof record.created_date === 'string' ? Date.parse(record.created_date) : NaN;
  if (!Number.isNaN(created) && created < started - EARLIER_MS) {
    const when = new Date(created).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
    return {
      kind: 'pending',
      text: `You already asked on ${when} and your request is still pending: the deck’s owners have been notified and you will get an email when they decide.`,
    };
  }
  return { kind: 'sent', text: REQUEST_SENT };
}

// Read by shape: importing the SDK's error class here would pull the SDK into the first visit.
function errorText(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === undefined) return 'The request could not be sent: the server could not be reached. Check your connection and try again.';
  const { detail, extra_data: extra } = (error as { data?: { detail?: unknown; extra_data?: { field?: unknown } } }).data ?? {};
  const text = typeof detail === 'string' ? detail : (error as Error).message;
  // "user: access was revoked…": the field name means nothing to the person reading it.
  const field = typeof extra?.field === 'string' ? `${extra.field}: ` : '';
  return `The request could not be sent: ${field && text.startsWith(field) ? text.slice(field.length) : text}`;
}
