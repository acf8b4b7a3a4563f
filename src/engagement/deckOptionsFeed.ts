import { deckOptionsOf, ENGAGEMENT_ENTITY, type DeckOptions } from '../../schemas/engagementPaths.ts';
import { shareAccessSocket } from '../auth/accessSocketUsers.ts';
import type { Base44Client } from '../sdk/index.ts';
import { personRoom, type ViewerPartner } from '../../schemas/viewerPartner.ts';

/** The entity room the platform broadcasts DeckOptions changes on (the protocol's `entities:{appId}:{Entity}`). */
export function deckOptionsRoom(appId: string): string {
  return `entities:${appId}:${ENGAGEMENT_ENTITY.options}`;
}

/**
 * Reads the deck's options through the session's client (the one record, or the defaults), and
 * again whenever the platform broadcasts a change of it to the access socket, which joins the
 * DeckOptions room (every admitted viewer may read it). A failed read reports nothing: without
 * options the deck shows and records nothing. With `partner`, it also hands on the partner the
 * platform pushes to the person's own room. Returns the function that stops following.
 */
export function followDeckOptions(
  client: Base44Client,
  onOptions: (options: DeckOptions) => void,
  share: typeof shareAccessSocket = shareAccessSocket,
  partner?: { userId: string; onPartner: (partner: ViewerPartner) => void },
): () => void {
  let stopped = false;
  let reads = 0;
  const read = () => {
    const mine = ++reads;
    client.entities[ENGAGEMENT_ENTITY.options]!.list(undefined, 1).then(
      (records) => {
        // An older read answering late must not undo a newer one.
        if (!stopped && mine === reads) onOptions(deckOptionsOf(records[0]));
      },
      () => undefined,
    );
  };
  read();
  const room = deckOptionsRoom(client.getConfig().appId);
  const detach = share((socket) => {
    const join = () => {
      socket.emit('join', room);
      // A change made before this socket was in the room was broadcast to nobody here: read again.
      // That includes the first connection, which comes up to 8 s after the first read (an
      // admin's first switch, made in that gap, would otherwise never reach the open deck).
      read();
    };
    // The same socket brings an admin's edit of this person's Prepared-for on their own
    // room, which only the platform can send to (no client may join it).
    const onUpdate = (message: { room?: unknown; data?: string }) => {
      if (message?.room === room) read();
      else if (partner && message?.room === personRoom(partner.userId)) {
        // The person's room carries more than their partner (their questions, say).
        const pushed = (JSON.parse(message.data!) as { partner?: ViewerPartner }).partner;
        if (pushed) partner.onPartner(pushed);
      }
    };
    socket.on('connect', join);
    socket.on('update_model', onUpdate);
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      socket.off('update_model', onUpdate);
      if (socket.connected) socket.emit('leave', room);
    };
  });
  return () => {
    stopped = true;
    detach();
  };
}
