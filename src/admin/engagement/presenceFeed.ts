import { presenceRoom, type PresenceUpdate } from '../../../schemas/engagementPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';

/** Hears every presence update; `opened` is set only on the update that announces it. */
export type PresenceListener = (update: PresenceUpdate) => void;

interface Feed {
  last: PresenceUpdate | null;
  listeners: Set<PresenceListener>;
  /** Told when the socket fails (it keeps retrying on its own). */
  troubled: Set<() => void>;
  stop: () => void;
}

const feeds = new WeakMap<Base44Client, Feed>();

/**
 * One subscription to the admins' presence room per client, shared by the console's Live list and
 * the opened-deck notices. The platform sends the list only when a socket joins the room, and a
 * client joins a room once: a listener arriving after the join (the console opened from a notice)
 * gets the last list at once, without its `opened`, so no notice is repeated. Returns the undo;
 * the room is left when the last listener goes.
 */
export function watchPresence(client: Base44Client, listener: PresenceListener, onError?: () => void): () => void {
  let feed = feeds.get(client);
  if (!feed) {
    const created: Feed = { last: null, listeners: new Set(), troubled: new Set(), stop: () => undefined };
    created.stop = client.realtime.subscribe(presenceRoom(client.getConfig().appId), {
      onUpdate: (data) => {
        const update = data as PresenceUpdate | null;
        if (!Array.isArray(update?.viewers)) return;
        created.last = { viewers: update.viewers };
        for (const each of [...created.listeners]) each(update);
      },
      onError: () => {
        for (const each of [...created.troubled]) each();
      },
    });
    feeds.set(client, created);
    feed = created;
  }
  const own = feed;
  own.listeners.add(listener);
  if (onError) own.troubled.add(onError);
  if (own.last) listener(own.last);
  return () => {
    if (onError) own.troubled.delete(onError);
    if (!own.listeners.delete(listener) || own.listeners.size > 0) return;
    own.stop();
    if (feeds.get(client) === own) feeds.delete(client);
  };
}
