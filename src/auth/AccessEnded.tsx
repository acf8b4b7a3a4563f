import { useEffect, useRef, useState } from 'react';
import type { SessionStatus } from '../../schemas/accessPaths.ts';
import { STATUS_CALL } from '../../schemas/statusPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import { LoadingScreen } from './LoadingScreen.tsx';

/** The screen's heading, also what the browser tests look for. */
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

// A session the person ended themself (a new password, a sign-out in another tab) is no
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
 * STATUS_CALL.sessionStatus with the dead token the client still holds. A plain fetch, not an SDK
 * call: importing the SDK here would split its chunk and cost every signed-in first visit a request.
 */
async function askWhy(client: Base44Client): Promise<SessionStatus> {
  const { serverUrl, appId } = client.getConfig();
  const reply = await fetch(`${serverUrl}/api/apps/${encodeURIComponent(appId)}${STATUS_CALL.sessionStatus}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${client.getToken() ?? ''}`, 'X-App-Id': appId, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!reply.ok) throw new Error(`session status: ${reply.status}`);
  return (await reply.json()) as SessionStatus;
}

/** How long the screen waits for the platform to say why before it says the general words. */
const ASK_MS = 3000;

/**
 * Why the platform ended this client's session, asked with the dead token the client still holds,
 * and kept with the tab's mark for a reload; undefined while asking, null when it cannot say (the
 * hosted platform, no answer in time). Lives in this lazily loaded screen, not in the first visit.
 */
function useEndReason(
  client: Base44Client | null | undefined,
  known: SessionStatus['reason'] | undefined,
  remember: ((reason: NonNullable<SessionStatus['reason']>) => void) | undefined,
): SessionStatus['reason'] | undefined {
  // `known` null: the tab's mark says the platform was asked before and could not say; not again.
  const [reason, setReason] = useState<SessionStatus['reason'] | undefined>(known !== undefined ? known : client ? undefined : null);
  const keep = useRef(remember);
  keep.current = remember;
  useEffect(() => {
    if (known !== undefined || !client) return undefined;
    let live = true;
    const answer = (found: SessionStatus['reason']) => {
      if (!live) return;
      live = false;
      setReason(found);
      if (found) keep.current?.(found);
    };
    const timer = setTimeout(() => answer(null), ASK_MS);
    askWhy(client).then(
      (status) => answer(status.state === 'ended' ? status.reason : null),
      () => answer(null),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, known]);
  return reason;
}

/**
 * Shown in place of the whole deck once the platform ended this viewer's session: nothing of the
 * deck stays in the page (the gate unmounts it, and the slide's title leaves the tab too). It says
 * why, once the platform said (Loading until then, never a guess), and always offers to sign in again.
 */
export function AccessEnded({
  onSignIn,
  reason: known,
  client,
  onReason,
}: {
  onSignIn: () => void;
  reason?: SessionStatus['reason'] | undefined;
  client?: Base44Client | null;
  /** Keeps what the platform said with the tab's mark, for the next load (the session's, so this chunk needs no more). */
  onReason?: (reason: NonNullable<SessionStatus['reason']>) => void;
}) {
  const reason = useEndReason(client, known, onReason);
  const words = endedWords(reason);
  useEffect(() => {
    if (reason !== undefined) document.title = words === REVOKED ? 'Access ended' : words.title;
  }, [reason, words]);
  if (reason === undefined) return <LoadingScreen />;
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
