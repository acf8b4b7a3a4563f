// Loaded only when the deck runs on the platform (see src/app/platformAppId.ts): the SDK lives here.
import type { SessionStatus } from '../../schemas/accessPaths.ts';
import { createClient, readAppParams, TOKEN_STORAGE_KEYS, type Base44Client } from '../sdk/index.ts';
import { accessEndedHere, clearAccessEnded, markAccessEnded } from './accessEndedMark.ts';
import { guardAccess, type AccessGuard } from './accessGuard.ts';
import { appStartReducer, initialAppStart, type AppStartEvent, type AppStartState } from './appStart.ts';
import { leaveSignOutNotice } from '../sdk/signOutNotice.ts';
import { startApp } from './startApp.ts';

/** A running app start on the platform: its state as it changes, and sign-out. */
export interface PlatformSession {
  /** The platform client of this session (admin console and viewer actions use it; one socket for all). */
  client: Base44Client;
  /** Ends the session here and on the server, then goes to `returnTo` (the sign-in gate sends it on). */
  logout(returnTo?: string): Promise<void>;
  /** After access ended: forgets that, and goes to the sign-in page, which sends the viewer back here. */
  signInAgain(): void;
  /** Keeps why access ended with the tab's mark, so a reload says it again without asking. */
  rememberEnd(reason: string): void;
  stop(): void;
}

/** Whether this page is the platform's gate shell (the build marks its root `data-gate="sign-in"`, prerender.ts). */
function onSignInShell(doc: Document = document): boolean {
  return doc.getElementById('root')?.dataset.gate === 'sign-in';
}

/**
 * Starts the app start for `appId`, reporting every state to `onState`. On the
 * platform's gate shell without a token, the server has already found that this visitor must sign
 * in: the settings read would only be refused with 403 auth_required (an error in the browser's
 * console on every signed-out first visit), so the start goes to sign in at once.
 */
export function startPlatformSession(
  appId: string,
  onState: (state: AppStartState) => void,
  onNotice: (message: string) => void,
  signInShell: boolean = onSignInShell(),
): PlatformSession {
  const params = readAppParams({ defaults: { appId } });
  let guard: AccessGuard | null = null;
  const client = createClient({
    serverUrl: params.serverUrl ?? '',
    appId: params.appId ?? appId,
    token: params.token,
    // Any platform call answering 401/403 once admitted may mean the access was revoked: check it.
    options: { onError: (error) => (error.status === 401 || error.status === 403) && guard?.suspect() },
  });
  const controller = new AbortController();
  let state = initialAppStart;
  const apply = (event: AppStartEvent) => {
    const before = state.phase;
    state = appStartReducer(state, event);
    // Ended while open (the guard) or at the start (a 403 access_ended for an expired or revoked person).
    if (state.phase === 'ended' && before !== 'ended') forgetSession(state.authError?.endedBy ?? null);
    onState(state);
    if (state.phase === 'ready' && state.isAuthenticated && !guard && !controller.signal.aborted) {
      guard = guardAccess({ client, onEnded: endAccess });
    }
  };
  function forgetSession(endedBy: string | null): void {
    // The deck leaves the screen (the gate renders the ended screen in its place) and the dead token
    // leaves storage; the mark keeps this tab on the ended screen across page loads until a sign-in.
    markAccessEnded(endedBy);
    for (const key of TOKEN_STORAGE_KEYS) safeLocalStorage()?.removeItem(key);
    guard?.stop();
    client.cleanup();
  }
  function endAccess(): void {
    // The deck leaves at once; the ended screen (its own chunk) then asks the platform why, with the
    // dead token the client still holds.
    apply({ type: 'access_ended' });
  }

  const endedHere = accessEndedHere();
  if (!params.token && endedHere) {
    // A reason the ended screen learnt before this reload, kept with the mark.
    apply({ type: 'access_ended', endedBy: endedHere === '1' ? null : (endedHere as SessionStatus['reason']) });
  } else if (!params.token && signInShell) {
    // The gate shows Loading (no state yet) while the browser leaves for the sign-in page.
    client.auth.redirectToLogin(window.location.href);
  } else {
    clearAccessEnded();
    void startApp({
      client,
      signal: controller.signal,
      dispatch: apply,
      onLoginRequired: () => client.auth.redirectToLogin(window.location.href),
    });
  }
  return {
    client,
    async logout(returnTo = window.location.href) {
      // Our own sign-out closes the socket from the server's side too: that is not a revocation.
      guard?.stop();
      const revoked = await revokeOnServer(client);
      if (!revoked) {
        onNotice('The server could not be reached to end the session. You are signed out on this device.');
        await new Promise((resolve) => setTimeout(resolve, 2500));
      }
      leaveSignOutNotice();
      client.auth.logout(returnTo);
    },
    rememberEnd: (reason) => markAccessEnded(reason),
    signInAgain() {
      clearAccessEnded();
      client.auth.redirectToLogin(window.location.href);
    },
    stop() {
      controller.abort();
      guard?.stop();
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Ends the token on the server too (the local platform's POST /auth/logout, which also clears its
 * session cookie). The hosted platform has no such call; a 404 there means there was nothing to end.
 */
async function revokeOnServer(client: Base44Client): Promise<boolean> {
  const { serverUrl, appId } = client.getConfig();
  const token = client.getToken();
  if (!token) return true;
  try {
    const response = await fetch(`${serverUrl}/api/apps/${encodeURIComponent(appId)}/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'X-App-Id': appId },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(5000),
    });
    return response.ok || response.status === 404 || response.status === 401;
  } catch {
    return false;
  }
}
