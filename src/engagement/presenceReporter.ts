import { PRESENCE_EVENT, type PresenceReport } from '../../schemas/engagementPaths.ts';
import { shareAccessSocket, type AccessSocketHandle } from '../auth/accessSocketUsers.ts';

/** Tells the platform, over the access socket, which slide this viewer is on. */
export interface PresenceReporter {
  /** The viewer arrived on a slide: sent now if the socket is up, and again on each (re)connection. */
  report(report: PresenceReport): void;
  stop(): void;
}

/** Starts reporting on the access socket (handed in by tests); nothing is sent before the first report. */
export function startPresence(share: typeof shareAccessSocket = shareAccessSocket): PresenceReporter {
  let current: PresenceReport | null = null;
  const sockets = new Set<AccessSocketHandle>();
  const send = (socket: AccessSocketHandle) => {
    // A disconnected socket.io socket would buffer the emit and send it again with the connect below.
    if (current && socket.connected) socket.emit(PRESENCE_EVENT, current);
  };
  const detach = share((socket) => {
    const onConnect = () => send(socket);
    socket.on('connect', onConnect);
    sockets.add(socket);
    send(socket);
    return () => {
      socket.off('connect', onConnect);
      sockets.delete(socket);
    };
  });
  return {
    report(report) {
      if (current?.path === report.path && current.device === report.device) return;
      current = report;
      sockets.forEach(send);
    },
    stop: detach,
  };
}
