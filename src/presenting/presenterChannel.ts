import { PRESENTER_CHANNEL, type PresenterMessage } from '../../schemas/presentingPaths.ts';

/** One window's end of the presenter channel: it tells the others where it moved, and hears where they did. */
export interface PresenterLink {
  /** This window moved to `path` (sent once per change; an echo of a path just heard is not sent back). */
  moved(path: string): void;
  close(): void;
}

/**
 * Joins PRESENTER_CHANNEL (every window of this browser on this origin): `onGoto` runs for each
 * other window's move. A window that moves because it heard a move does not announce it again, so
 * two windows never bounce a path between them.
 */
export function joinPresenterChannel(onGoto: (path: string) => void, open = (name: string) => new BroadcastChannel(name)): PresenterLink {
  const channel = open(PRESENTER_CHANNEL);
  let last: string | null = null;
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data as Partial<PresenterMessage> | null;
    if (message?.type !== 'goto' || typeof message.path !== 'string' || !/^\/[a-z0-9-]*$/.test(message.path)) return;
    last = message.path;
    onGoto(message.path);
  };
  return {
    moved(path) {
      if (path === last) return;
      last = path;
      channel.postMessage({ type: 'goto', path } satisfies PresenterMessage);
    },
    close: () => channel.close(),
  };
}
