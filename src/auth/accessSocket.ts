import type { Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../sdk/index.ts';
import { accessSocketClosing, accessSocketOpened, type AccessSocketHandle } from './accessSocketUsers.ts';

/** Where the watching socket connects, and whom it tells. */
export interface AccessSocketOptions {
  serverUrl: string;
  appId: string;
  token: string;
  /** The server closed this connection or refused it with 401/403: access may have ended. */
  onSuspect(): void;
  /** Each (re)connection, for tests that must know the watch is live. */
  onConnect?(): void;
}

/**
 * Holds one socket to the platform for as long as the deck is admitted. The platform disconnects a
 * user's sockets when the account is deleted, signs out or changes password ("io server disconnect"),
 * and refuses a reconnect with a dead token (401/403). A network drop ("transport close") is neither:
 * socket.io reconnects on its own. socket.io-client loads here, never on the first visit.
 * Returns the function that closes the socket.
 */
export function watchAccessSocket(options: AccessSocketOptions): () => void {
  let stopped = false;
  let socket: Socket | null = null;
  void import('socket.io-client').then(
    ({ io }) => {
      if (stopped) return;
      socket = io(options.serverUrl || undefined, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        query: { app_id: options.appId, token: options.token },
        forceNew: true,
      });
      accessSocketOpened(socket as unknown as AccessSocketHandle);
      socket.on('connect', () => options.onConnect?.());
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') options.onSuspect();
      });
      socket.on('connect_error', (error: Error & { data?: { status?: number } }) => {
        const status = error.data?.status;
        if (status === 401 || status === 403) options.onSuspect();
      });
    },
    // No socket (the chunk failed to load) leaves the content-request checks in place.
    () => undefined,
  );
  return () => {
    stopped = true;
    if (socket) accessSocketClosing(socket as unknown as AccessSocketHandle);
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
  };
}
