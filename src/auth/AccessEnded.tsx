import { useEffect } from 'react';

/** The screen's heading, also what the browser tests look for (issue 9, finding 9). */
export const ACCESS_ENDED_TITLE = 'Your access to this deck has ended';

/**
 * Shown in place of the whole deck once the platform revoked this viewer's access: nothing of the
 * deck stays in the page (the gate unmounts it, and the slide's title leaves the tab too).
 */
export function AccessEnded({ onSignIn }: { onSignIn: () => void }) {
  useEffect(() => {
    document.title = 'Access ended';
  }, []);
  return (
    <article className="system-screen" aria-labelledby="slide-title">
      <h1 id="slide-title" className="slide__title" tabIndex={-1}>
        {ACCESS_ENDED_TITLE}
      </h1>
      <p className="slide__tagline">
        Your account no longer has access to this presentation, or your session was ended. If you think this is a mistake,
        ask the deck’s owners to invite you again.
      </p>
      <div>
        <button type="button" className="button button--primary" onClick={onSignIn}>
          Sign in again
        </button>
      </div>
    </article>
  );
}
