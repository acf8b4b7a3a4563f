// A stand-in for the access socket (src/auth/accessSocketUsers.ts): what the deck's features see of it.

/** A socket as the access guard holds one: it connects and drops when told, and keeps what was emitted. */
export function socketDouble() {
  const listeners = new Map<string, Set<(...args: any[]) => void>>();
  const socket = {
    connected: false,
    emitted: [] as Array<[string, ...unknown[]]>,
    emit(event: string, ...args: unknown[]) {
      socket.emitted.push([event, ...args]);
    },
    on(event: string, listener: (...args: any[]) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    off(event: string, listener: (...args: any[]) => void) {
      listeners.get(event)?.delete(listener);
    },
    connect() {
      socket.connected = true;
      listeners.get('connect')?.forEach((listener) => listener());
    },
    /** The server sends `event` to this socket. */
    deliver(event: string, ...args: unknown[]) {
      listeners.get(event)?.forEach((listener) => listener(...args));
    },
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
  };
  return socket;
}
