import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../schemas/platformWire.ts';

/** Resolves when the server accepts the socket's handshake; rejects with its refusal. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Resolves with the server's refusal of the handshake (its `data` carries the platform's error); rejects if it connects. */
export function refused(socket: Socket): Promise<Error & { data?: any }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', resolve);
  });
}

/**
 * A socket to a test platform as the deck's client opens one (websocket only, no reconnection: a test
 * sees each close), added to `opened` for the file's afterAll to close. `app` is another app's id.
 */
export function openSocket(
  platform: { url: string; appId: string },
  token: string,
  opened: Socket[],
  options: { app?: string; forceNew?: boolean } = {},
): Socket {
  const socket = io(platform.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    query: { app_id: options.app ?? platform.appId, token },
    reconnection: false,
    forceNew: options.forceNew,
  });
  opened.push(socket);
  return socket;
}

/** openSocket, once the server has accepted its handshake (rejects with the refusal). */
export async function openConnected(...args: Parameters<typeof openSocket>): Promise<Socket> {
  const socket = openSocket(...args);
  await connected(socket);
  return socket;
}
