import type { Socket } from 'socket.io-client';

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
