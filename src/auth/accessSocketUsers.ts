// The deck's features share the one socket the access guard holds rather than opening
// their own. Kept apart from accessSocket.ts and free of imports: the deck's first visit reads this
// registry, while socket.io-client and the guard load later.

/** What a deck feature gets of the access socket: it may emit and listen, never close it. */
export interface AccessSocketHandle {
  readonly connected: boolean;
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
}

/** A deck feature riding on the access socket (presence, live deck options): set up on each socket, returns its undo. */
export type AccessSocketUser = (socket: AccessSocketHandle) => () => void;

const users = new Set<AccessSocketUser>();
const open = new Map<AccessSocketHandle, Map<AccessSocketUser, () => void>>();

/** Runs `user` on the access socket now if one is open, and on every one opened later; returns the detach. */
export function shareAccessSocket(user: AccessSocketUser): () => void {
  users.add(user);
  for (const [socket, undos] of open) undos.set(user, user(socket));
  return () => {
    users.delete(user);
    for (const undos of open.values()) {
      undos.get(user)?.();
      undos.delete(user);
    }
  };
}

/** The access socket opened: every feature sets itself up on it. */
export function accessSocketOpened(socket: AccessSocketHandle): void {
  open.set(socket, new Map([...users].map((user) => [user, user(socket)])));
}

/** The access socket is closing: every feature undoes what it set up on it. */
export function accessSocketClosing(socket: AccessSocketHandle): void {
  for (const undo of open.get(socket)?.values() ?? []) undo();
  open.delete(socket);
}
