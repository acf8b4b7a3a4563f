import { FOLLOW_DRIVE_EVENT } from '../../schemas/presentingPaths.ts';
import { type AccessSocketHandle, shareAccessSocket } from '../auth/accessSocketUsers.ts';

/** The reply of the platform to a drive (realtime.ts). */
interface DriveAck {
  ok: boolean;
  detail?: string;
}

/** This tab driving its followers: each move goes out at once; `stop` ends the presentation. */
export interface FollowDriver {
  move(path: string): void;
  stop(): void;
}

/**
 * Drives the followers over the access socket the deck already holds (FOLLOW_DRIVE_EVENT). A move
 * made while the socket is down goes out when it connects again, so followers catch up. A refusal
 * (the platform decides who may drive, not this page) is handed to `onRefused`.
 */
export function startDriving(onRefused: (detail: string) => void, share: typeof shareAccessSocket = shareAccessSocket): FollowDriver {
  let path: string | null = null;
  let sent: string | null = null;
  const sockets = new Set<AccessSocketHandle>();
  const send = (socket: AccessSocketHandle, body: object) => {
    socket.emit(FOLLOW_DRIVE_EVENT, body, (ack: DriveAck) => {
      if (ack && !ack.ok) onRefused(ack.detail ?? 'The platform refused the move');
    });
  };
  const flush = () => {
    if (path === null || path === sent) return;
    for (const socket of sockets) {
      if (!socket.connected) continue;
      send(socket, { path });
      sent = path;
    }
  };
  const detach = share((socket) => {
    const onConnect = () => {
      sent = null;
      flush();
    };
    sockets.add(socket);
    socket.on('connect', onConnect);
    flush();
    return () => {
      socket.off('connect', onConnect);
      sockets.delete(socket);
    };
  });
  return {
    move(next) {
      path = next;
      flush();
    },
    stop() {
      for (const socket of sockets) if (socket.connected) send(socket, { stop: true });
      detach();
    },
  };
}
