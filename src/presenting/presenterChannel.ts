import { PRESENTER_CHANNEL, type PresenterMessage } from '../../schemas/presentingPaths.ts';

/** One window's end of the presenter channel: it tells the others where it moved, and hears where they did. */
export interface PresenterLink {
  /** This window moved to `path` (sent once per change; an echo of a path just heard is not sent back). */
  moved(path: string): void;
  close(): void;
}

/** A pairing of a deck tab with its presenter window: random, so no other tab can guess its way in. */
export function newPairId(): string {
  return crypto.randomUUID();
}

/**
 * Joins PRESENTER_CHANNEL (every window of this browser on this origin) as one end of `pair`:
 * `onGoto` runs for each move of the other end only, never for another pair's or a stranger's. A
 * window that moves because it heard a move does not announce it again, so two windows never bounce
 * a path between them.
 */
export function joinPresenterChannel(pair: string, onGoto: (path: string) => void, open = (name: string) => new BroadcastChannel(name)): PresenterLink {
  const channel = open(PRESENTER_CHANNEL);
  let last: string | null = null;
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data as Partial<PresenterMessage> | null;
    if (message?.type !== 'goto' || message.pair !== pair) return;
    if (typeof message.path !== 'string' || !/^\/[a-z0-9-]*$/.test(message.path)) return;
    last = message.path;
    onGoto(message.path);
  };
  return {
    moved(path) {
      if (path === last) return;
      last = path;
      channel.postMessage({ type: 'goto', pair, path } satisfies PresenterMessage);
    },
    close: () => channel.close(),
  };
}
