import { auditRoom } from '../../../schemas/auditPaths.ts';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { PRESENCE_EVENT, presenceRoom } from '../../../schemas/engagementPaths.ts';
import { FOLLOW_DRIVE_EVENT, followRoom } from '../../../schemas/presentingPaths.ts';
import { type RoomReply, SOCKET_PATH } from '../../../schemas/platformWire.ts';
import { type Caller, isAdmin } from '../identity/access.ts';
import { type AdmissionContext, admitToken } from '../identity/admission.ts';
import { findConversation } from '../records/conversations.ts';
import { readsAll, ruleFor } from '../records/entityAccess.ts';
import { HttpError } from '../core/errors.ts';
import { arrive, newTab, noteSeenInVisit, PresenceFeed, type PresenceTab, reportedTab } from './presence.ts';
import { type FollowContext, followBoardOf } from './follow.ts';
import type { Broadcaster } from '../core/context.ts';
import type { Db } from '../db/db.ts';
import { EventBudget } from './socketBudget.ts';
import { normalizeAddress } from '../identity/clientAddress.ts';
import { isServerRoom, type SocketState, SocketStanding, viewersRoom } from './socketStanding.ts';

// Only the presence tab goes in socket.data, which other processes read through the adapter
// (fetchSockets); who a socket is stays in this process (socketStanding.ts), as a token digest.
interface SharedData {
  tab?: PresenceTab;
}

/** What the socket server uses: the admission, the follow board, and the database itself (its engine picks the adapter). */
export interface RealtimeContext extends AdmissionContext, FollowContext {
  db: Db;
}

const CONVERSATION_ROOM = /^\/agent-conversations\/([^/]{1,200})$/;

// A socket may join its own app's entity rooms and the conversation rooms it may read, as its
// caller stands now; anything else (another app's rooms, the server's own rooms above all) is
// refused with an `error` event naming the room. Entity rooms are decided without a query once the
// caller is known, so a join is in effect before a later request of the same client is handled (a
// subscribe-then-create sequence must see its own create).
function mayJoin(ctx: RealtimeContext, appId: string, caller: Caller, room: string): boolean | Promise<boolean> {
  if (isServerRoom(room)) return false;
  // Who is viewing, and where: admins of the socket's own app only.
  if (room === presenceRoom(appId)) return isAdmin(caller);
  // Each new entry of the audit log: admins of the socket's own app only, as the log itself.
  if (room === auditRoom(appId)) return isAdmin(caller);
  // Where the presenter is: anyone the admission lets in to the deck.
  if (room === followRoom(appId)) return true;
  const entity = /^entities:([^:]+):([A-Za-z][A-Za-z0-9_]{0,63})$/.exec(room);
  if (entity) {
    // Changes to users and the outbox are not broadcast, and only admins may read them anyway.
    // A room carries every record of its entity, so only callers who may read them all join it
    // (entityAccess.ts): a viewer limited to its own records is refused rather than filtered.
    if (entity[1] !== appId || ['User', 'Outbox'].includes(entity[2]!)) return false;
    return readsAll(ruleFor(entity[2]!), caller);
  }
  const conversation = CONVERSATION_ROOM.exec(room);
  if (!conversation) return false;
  return findConversation(ctx.db, appId, conversation[1]!, caller).then(
    (found) => found !== null,
    () => false,
  );
}

// The protocol's join and leave carry no acknowledgement; a client that passes a callback anyway
// (tests, to wait for the server's decision instead of sleeping) gets a RoomReply once it is taken.
function reply(ack: unknown, answer: RoomReply): void {
  if (typeof ack === 'function') (ack as (answer: RoomReply) => void)(answer);
}

/**
 * Attaches the socket.io server to the HTTP server and returns the broadcaster plus a closer. On a
 * Postgres server, socket.io's Postgres adapter carries every room broadcast, disconnect and socket
 * fetch to the other processes on the same database (LISTEN/NOTIFY).
 */
export async function attachRealtime(
  httpServer: HttpServer,
  ctx: RealtimeContext,
  standingSweepMs?: number,
): Promise<Broadcaster & { close(): Promise<void> }> {
  const io = new Server(httpServer, { path: SOCKET_PATH, serveClient: false, maxHttpBufferSize: 64 * 1024 });
  // Loaded only on Postgres, so a PGlite process never loads pg.
  const pool = ctx.db.engine === 'postgres' ? (await import('../db/postgresDb.ts')).poolOf(ctx.db) : undefined;
  if (pool) {
    const { createAdapter } = await import('@socket.io/postgres-adapter');
    io.adapter(createAdapter(pool, { errorHandler: (error: Error) => ctx.log(`[realtime] Postgres adapter: ${error.message}`) }));
  }
  const roomMessage = (room: string, payload: unknown) => ({ room, data: JSON.stringify(payload) });
  const presence = new PresenceFeed(
    async (appId) =>
      (await io.in(viewersRoom(appId)).fetchSockets()).flatMap((socket) => ((socket.data as SharedData).tab ? [(socket.data as SharedData).tab!] : [])),
    (appId, update) => {
      const room = presenceRoom(appId);
      io.to(room).emit('update_model', roomMessage(room, update));
    },
  );

  const standing = new SocketStanding(io, ctx, pool !== undefined, standingSweepMs);
  // The handshake's admission, handed to the connection handler in this process (socket.data
  // crosses processes, and a user row must not).
  const handshakes = new WeakMap<Socket, { app: SocketState['app']; caller: Caller }>();

  io.use((socket, next) => {
    const { app_id: appId, token } = socket.handshake.query;
    // The one admission, as for every request (admission.ts).
    admitToken(ctx, typeof appId === 'string' ? appId : '', typeof token === 'string' && token ? token : null).then(
      ({ app, caller }) => {
        (socket.data as SharedData) = {};
        handshakes.set(socket, { app, caller });
        next();
      },
      (error: unknown) => {
        const failure = new Error(error instanceof Error ? error.message : 'Connection refused') as Error & { data?: unknown };
        if (error instanceof HttpError) failure.data = { status: error.status, ...error.body };
        next(failure);
      },
    );
  });

  io.on('connection', (socket: Socket) => {
    const { app, caller } = handshakes.get(socket)!;
    const shared = socket.data as SharedData;
    const appId = app.id;
    // Before anything else: its person's and token's rooms, so a change from now on reaches it.
    const taken = standing.admitted(socket, app, caller);
    const state = standing.stateOf(socket)!;

    // Every event passes the socket's budget first; beyond it, events are dropped unread.
    const budget = new EventBudget(Date.now());
    let warnedAt = 0;
    socket.use((packet, next) => {
      if (budget.take(Date.now())) return next();
      const ack = packet[packet.length - 1];
      if (typeof ack === 'function') ack({ ok: false, detail: 'Too many events: slow down' });
      if (budget.flooding) socket.disconnect(true);
      else if (Date.now() - warnedAt > 1000) {
        warnedAt = Date.now();
        socket.emit('error', { detail: 'Too many events: some were dropped' });
      }
    });

    // Settles once this socket's own tab is listed (an admin joining the presence room sees themself).
    let arrived: Promise<void> = taken;
    // A person (not the service role, not an anonymous visitor of a public deck) is present while connected.
    if (caller.kind === 'user') {
      const user = caller.user;
      // Reports that come before the visit is known wait for it: the tab exists from then on.
      arrived = taken
        .then(() => arrive(ctx.db, appId, user.id, Date.now()))
        .then(
          async (visit) => {
            shared.tab = newTab(user, visit.openedAt, Date.now());
            if (socket.disconnected) return;
            await socket.join(viewersRoom(appId));
            presence.changed(appId, visit.opened && user.role !== 'admin' ? user.id : undefined);
          },
          (error: unknown) => ctx.log(`[realtime] presence of ${user.id}: ${error instanceof Error ? error.message : error}`),
        );
      socket.on(PRESENCE_EVENT, (report: unknown) => {
        void arrived.then(() => {
          const next = shared.tab && reportedTab(shared.tab, report, Date.now());
          if (!next) return;
          const moved = next.report?.path !== shared.tab?.report?.path || next.report?.device !== shared.tab?.report?.device;
          shared.tab = next;
          void noteSeenInVisit(ctx.db, appId, user.id, next.at).catch(() => undefined);
          if (moved) presence.changed(appId);
        });
      });
      socket.on('disconnect', () => {
        void arrived.then(async () => {
          await noteSeenInVisit(ctx.db, appId, user.id, Date.now(), true).catch(() => undefined);
          presence.changed(appId);
        });
      });
    }
    socket.on(FOLLOW_DRIVE_EVENT, (drive: unknown, ack?: unknown) => {
      // Only admins drive, whatever a page's UI shows, as they stand now: a refusal is an `error`
      // event (and the ack); a socket whose person may no longer see the deck is closed.
      const refuse = (detail: string) => {
        socket.emit('error', { event: FOLLOW_DRIVE_EVENT, detail });
        if (typeof ack === 'function') ack({ ok: false, detail });
      };
      void standing.now(socket).then((now) => {
        if (!now) return refuse('Your access to this deck has ended');
        return followBoardOf(ctx)
          .drive(appId, now, drive, socket.id, {
            address: normalizeAddress(socket.handshake.address),
            userAgent: socket.handshake.headers['user-agent']?.slice(0, 300) ?? null,
          })
          .then(
            (next) => {
              if (typeof ack === 'function') ack({ ok: true, state: next });
            },
            (error: unknown) => refuse(error instanceof HttpError ? error.body.detail : 'Cannot drive the presentation'),
          );
      });
    });
    socket.on('disconnect', () => void followBoardOf(ctx).socketClosed(appId, socket.id));
    socket.on('join', (room: unknown, ack?: unknown) => {
      if (typeof room !== 'string') return;
      const refuse = (detail: string) => {
        socket.emit('error', { room, detail });
        reply(ack, { room, ok: false, detail });
      };
      // Joined at once where the caller's last known standing allows it (so a later request of the
      // same client finds it in), then confirmed on the standing now: a caller who lost the right
      // meanwhile leaves again (or, no longer admitted at all, is closed) before the join is answered.
      const early = mayJoin(ctx, appId, state.caller, room);
      if (early === true) void socket.join(room);
      void (async () => {
        await taken;
        const now = await standing.now(socket);
        if (!now) return;
        if (!(await mayJoin(ctx, appId, now, room))) {
          if (!state.joined.has(room)) await socket.leave(room);
          return refuse(`Cannot join room ${room}`);
        }
        state.joined.add(room);
        await socket.join(room);
        // A joining admin sees who is viewing at once, not at the next change.
        if (room === presenceRoom(appId)) {
          await arrived;
          socket.emit('update_model', roomMessage(room, { viewers: await presence.viewers(appId) }));
        }
        // A follower who joins mid-presentation goes to the presenter's slide at once.
        if (room === followRoom(appId)) socket.emit('update_model', roomMessage(room, await followBoardOf(ctx).state(appId)));
        reply(ack, { room, ok: true });
      })().catch(() => reply(ack, { room, ok: false, detail: `Cannot join room ${room} now` }));
    });
    socket.on('leave', (room: unknown, ack?: unknown) => {
      if (typeof room !== 'string') return;
      // Only a room the client joined itself: the server's own rooms (a person's, a token's, the
      // viewers') stay, so nothing a client sends keeps its socket from being found and closed.
      if (!state.joined.delete(room)) return reply(ack, { room, ok: false, detail: `Not in room ${room}` });
      void socket.leave(room);
      reply(ack, { room, ok: true });
    });
  });

  return {
    publish(room, payload) {
      io.to(room).emit('update_model', roomMessage(room, payload));
    },
    standingChanged: (change) => standing.changed(change),
    reaches: async (room) => (await io.in(room).fetchSockets()).length > 0,
    close: () =>
      new Promise<void>((resolve) => {
        standing.close();
        void io.close(() => resolve());
      }),
  };
}
