// An admitted deck learns at once that its viewer's access ended.
import type { Base44Client } from '../sdk/index.ts';
import { watchAccessSocket, type AccessSocketOptions } from './accessSocket.ts';
import { checkAccess, type AccessVerdict } from './checkAccess.ts';
import { ACTIVITY_EVENTS, onActivityOrIdle } from './onActivityOrIdle.ts';
import { onPageError } from './onPageError.ts';

/** How long an untouched page waits before it opens the socket anyway. */
export const SOCKET_IDLE_MS = 8000;
/** Page errors and failed calls re-check access at most this often (a broken image must not flood `me`). */
export const RECHECK_GAP_MS = 5000;
/** After the server closed the socket while access still holds (another token was revoked), reopen after this pause. */
export const REOPEN_DELAY_MS = 1000;

/** What the guard watches and whom it tells; every browser-bound piece can be handed in. */
export interface AccessGuardOptions {
  client: Base44Client;
  /** Called once, when the platform confirms (401/403) that access ended. */
  onEnded(): void;
  /** Opens the watching socket; returns its closer. */
  openSocket?: (options: AccessSocketOptions) => () => void;
  /** Runs `open` when the socket may load (never during the first visit); returns the function that cancels. */
  whenActive?: (open: () => void) => () => void;
  /** Subscribes to failed content requests of the page; returns the function that stops. */
  pageErrors?: (run: () => void) => () => void;
  check?: (client: Base44Client) => Promise<AccessVerdict>;
}

/** A running guard: `suspect` asks for a check (a platform call answered 401/403), `stop` ends every watch. */
export interface AccessGuard {
  suspect(): void;
  stop(): void;
}

/**
 * Watches an admitted session: the socket (a server-side disconnect, or a reconnect refused with
 * 401/403), failed content requests and failed platform calls. Each only raises a suspicion; access
 * ends when the platform itself answers 401/403 to `me` or the settings read, never on a network blip.
 */
export function guardAccess(options: AccessGuardOptions): AccessGuard {
  const {
    client,
    openSocket = watchAccessSocket,
    whenActive = (open) => onActivityOrIdle(ACTIVITY_EVENTS, open, SOCKET_IDLE_MS),
    pageErrors = onPageError,
    check = checkAccess,
  } = options;
  let stopped = false;
  let checking = false;
  let lastCheck = -Infinity;
  let closeSocket: (() => void) | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    const token = client.getToken();
    if (stopped || closeSocket || !token) return;
    const { serverUrl, appId } = client.getConfig();
    closeSocket = openSocket({ serverUrl, appId, token, onSuspect: () => void verify(true) });
  };

  // A socket suspicion is never dropped: the socket stays closed until a check has answered it.
  let socketSuspect = false;
  async function verify(fromSocket: boolean): Promise<void> {
    if (fromSocket) socketSuspect = true;
    if (stopped || checking) return;
    if (!socketSuspect && Date.now() - lastCheck < RECHECK_GAP_MS) return;
    checking = true;
    lastCheck = Date.now();
    const verdict = await check(client).catch((): AccessVerdict => 'unknown');
    checking = false;
    if (stopped) return;
    if (verdict === 'ended') {
      stop();
      options.onEnded();
    } else if (socketSuspect) {
      // The server closed a socket that still has access (or could not be asked): a fresh socket keeps
      // watching, and a reconnect refused with 401/403 raises the next suspicion.
      socketSuspect = false;
      closeSocket?.();
      closeSocket = null;
      reopenTimer = setTimeout(open, REOPEN_DELAY_MS);
    }
  }

  const cancelWait = whenActive(open);
  const stopPageErrors = pageErrors(() => void verify(false));

  function stop(): void {
    stopped = true;
    clearTimeout(reopenTimer);
    cancelWait();
    stopPageErrors();
    closeSocket?.();
    closeSocket = null;
  }

  return { suspect: () => void verify(false), stop };
}
