import { useEffect } from 'react';
import type { SessionStatus } from '../../schemas/accessPaths.ts';

/** The screen's heading, also what the browser tests look for (issue 9, finding 9). */
export const ACCESS_ENDED_TITLE = 'Your access to this deck has ended';

/** Why a session ended, as the person reads it: a heading and a sentence. */
interface EndedWords {
  title: string;
  text: string;
}

const REVOKED: EndedWords = {
  title: ACCESS_ENDED_TITLE,
  text: 'Your account no longer has access to this presentation, or your session was ended. If you think this is a mistake, ask the deck’s owners to invite you again.',
};

// Issue 28: a session the person ended themself (a new password, a sign-out in another tab) is no
// revoked access, so it never tells them to ask for a new invitation.
const ENDED_WORDS: Partial<Record<NonNullable<SessionStatus['reason']>, EndedWords>> = {
  password_changed: {
    title: 'Your password was changed',
    text: 'Your password was changed on another device or in another window, so this session ended. Sign in again with your new password.',
  },
  password_reset: {
    title: 'Your password was reset',
    text: 'Your password was reset with a link from your email, so this session ended. Sign in again with your new password.',
  },
  password_set: {
    title: 'Your password was set',
    text: 'A password was chosen for your account through your invitation, so this session ended. Sign in again with that password.',
  },
  signed_out: {
    title: 'You signed out',
    text: 'You signed out of the deck in another tab or window of this browser. Sign in again to carry on.',
  },
  expired: {
    title: 'Your session expired',
    text: 'Sessions last seven days. Sign in again to carry on.',
  },
};

/** The words for a session that ended for `reason` (revoked access when the platform did not say). */
export function endedWords(reason: SessionStatus['reason'] | undefined): EndedWords {
  return (reason && ENDED_WORDS[reason]) || REVOKED;
}

/**
 * Shown in place of the whole deck once the platform ended this viewer's session: nothing of the
 * deck stays in the page (the gate unmounts it, and the slide's title leaves the tab too). It says
 * why, when the platform said, and always offers to sign in again.
 */
export function AccessEnded({ onSignIn, reason }: { onSignIn: () => void; reason?: SessionStatus['reason'] | undefined }) {
  const words = endedWords(reason);
  useEffect(() => {
    document.title = words === REVOKED ? 'Access ended' : words.title;
  }, [words]);
  return (
    <article className="system-screen" aria-labelledby="slide-title">
      <h1 id="slide-title" className="slide__title" tabIndex={-1}>
        {words.title}
      </h1>
      <p className="slide__tagline">{words.text}</p>
      <div>
        <button type="button" className="button button--primary" onClick={onSignIn}>
          Sign in again
        </button>
      </div>
    </article>
  );
}
