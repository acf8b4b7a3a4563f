import type { Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../schemas/platformWire.ts';
import type { LoggerLike } from './globals.ts';

/** Stops one subscription; calling it twice is harmless. */
export type Unsubscribe = () => void;

/** One subscriber of a room: parsed `update_model` data, and socket errors. */
export interface RoomSubscriber {
  onUpdate(data: unknown, message: { room: string; data: string }): void;
  onError?(error: unknown): void;
}

/** Optional socket.io-client tuning; defaults are socket.io's (20 s connect timeout, 1-5 s reconnect delay). */
export interface SocketTuning {
  reconnectionDelay?: number;
  reconnectionDelayMax?: number;
  timeout?: number;
}

/** The room-based socket shared by agents and entity subscriptions. */
export interface Realtime {
  subscribe(room: string, subscriber: RoomSubscriber): Unsubscribe;
  /** Hands data to a room's subscribers without the server (addMessage shows the message at once). */
  publishLocally(room: string, data: unknown): void;
  /** Reconnects with the current token, if a socket exists: a sign-out or a new token reaches the socket too. */
  tokenChanged(): void;
  /** Disconnects and forgets every room. */
  cleanup(): void;
}

/** What the realtime channel needs from the client. */
export interface RealtimeConfig {
  serverUrl: string;
  appId: string;
  getToken(): string | null | undefined;
  logger(): LoggerLike;
  tuning?: SocketTuning | undefined;
}

export { SOCKET_PATH };

/** Creates the lazy, room-counting socket channel. */
export function createRealtime(config: RealtimeConfig): Realtime {
  let socket: Socket | null = null;
  let socketToken: string | null = null;
  // socket.io-client (about 12 KB gzip) loads on the first subscription; the deck itself never subscribes.
  let opening: Promise<void> | null = null;
  let generation = 0;
  const rooms = new Map<string, Set<RoomSubscriber>>();

  const fail = (error: unknown): void => {
    config.logger().error('[base44] socket error', error);
    for (const subscribers of rooms.values()) for (const s of subscribers) s.onError?.(error);
  };

  const deliver = (room: string, data: unknown, message: { room: string; data: string }): void => {
    for (const s of [...(rooms.get(room) ?? [])]) s.onUpdate(data, message);
  };

  function ensureSocket(): void {
    if (socket || opening) return;
    const mine = ++generation;
    opening = import('socket.io-client').then(
      ({ io }) => {
        opening = null;
        // cleanup() or a token change while loading superseded this attempt.
        if (mine === generation && rooms.size > 0) socket = open(io);
      },
      (error: unknown) => {
        opening = null;
        fail(error);
      },
    );
  }

  function open(io: typeof import('socket.io-client').io): Socket {
    socketToken = config.getToken() || null;
    // A signed-out socket sends no token at all, never the string "null".
    const query: Record<string, string> = { app_id: config.appId };
    if (socketToken) query.token = socketToken;
    const created = io(config.serverUrl || undefined, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      query,
      // Each client owns its manager: a shared one would carry another client's token.
      forceNew: true,
      ...config.tuning,
    });
    created.on('connect', () => {
      // Server-side rooms die with the connection, so each (re)connect joins what still has subscribers.
      for (const room of rooms.keys()) created.emit('join', room);
    });
    created.on('update_model', (message: { room: string; data: string }) => {
      let data: unknown;
      try {
        data = typeof message.data === 'string' ? JSON.parse(message.data) : message.data;
      } catch (error) {
        fail(error);
        return;
      }
      deliver(message.room, data, message);
    });
    created.on('error', fail);
    created.on('connect_error', fail);
    return created;
  }

  function close(): void {
    generation += 1;
    opening = null;
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
  }

  return {
    subscribe(room, subscriber) {
      let subscribers = rooms.get(room);
      if (!subscribers) {
        subscribers = new Set();
        rooms.set(room, subscribers);
        // While disconnected the connect handler joins; emitting here too would join twice.
        if (socket?.connected) socket.emit('join', room);
      }
      const entry = { ...subscriber };
      subscribers.add(entry);
      ensureSocket();
      const own = subscribers;
      return () => {
        if (!own.delete(entry) || own.size > 0 || rooms.get(room) !== own) return;
        rooms.delete(room);
        if (socket?.connected) socket.emit('leave', room);
      };
    },
    publishLocally(room, data) {
      deliver(room, data, { room, data: JSON.stringify(data) });
    },
    tokenChanged() {
      // A socket still loading reads the token when it opens, so only an open one needs replacing.
      if (!socket || (config.getToken() || null) === socketToken) return;
      close();
      ensureSocket();
    },
    cleanup() {
      close();
      rooms.clear();
    },
  };
}
