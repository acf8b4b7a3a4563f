import type { Server as HttpServer } from 'node:http';
import { createHash } from 'node:crypto';
import { Server, type Socket } from 'socket.io';
import { PRESENCE_EVENT, presenceRoom } from '../../schemas/engagementPaths.ts';
import { FOLLOW_DRIVE_EVENT, followRoom } from '../../schemas/presentingPaths.ts';
import { type RoomReply, SOCKET_PATH } from '../../schemas/platformWire.ts';
import { accessEnded, type Caller, checkGate, isAdmin, resolveCaller } from './access.ts';
import { type AppRow, findApp } from './apps.ts';
import { findConversation } from './conversations.ts';
import { readsAll, ruleFor } from './entityAccess.ts';
import { HttpError } from './errors.ts';
import { noteSeen } from './lastSeen.ts';
import { arrive, newTab, noteSeenInVisit, PresenceFeed, type PresenceTab, reportedTab } from './presence.ts';
import { findUserById } from './users.ts';
import { followBoardOf } from './follow.ts';
import type { Broadcaster, PlatformContext } from './httpTypes.ts';


interface SocketState {
  app: AppRow;
  caller: Caller;
}

// Who a socket is stays in this process (it holds the token); only the presence tab goes in
// socket.data, which other processes read through the adapter (fetchSockets).
const states = new WeakMap<Socket, SocketState>();
interface SharedData {
  tab?: PresenceTab;
}

// Rooms the server puts sockets in and nobody may join (mayJoin refuses every unknown room): a
// person's sockets, a token's sockets, and the app's viewers, so revocations and the viewer list
// reach sockets on every process. Tokens are named by a hash: room names cross the database.
const userRoom = (userId: string) => `internal:user:${userId}`;
const tokenRoom = (token: string) => `internal:token:${createHash('sha256').update(token).digest('base64url')}`;
const viewersRoom = (appId: string) => `internal:viewers:${appId}`;

const CONVERSATION_ROOM = /^\/agent-conversations\/([^/]{1,200})$/;

// A socket may join its own app's entity rooms and the conversation rooms it may read; anything
// else (another app's rooms above all) is refused with an `error` event naming the room.
// Entity rooms are decided synchronously, so a join is in effect before any later request of the
// same client is handled (a subscribe-then-create sequence must see its own create).
function mayJoin(ctx: PlatformContext, state: SocketState, room: string): boolean | Promise<boolean> {
  // Who is viewing, and where: admins of the socket's own app only.
  if (room === presenceRoom(state.app.id)) return isAdmin(state.caller);
  // Where the presenter is: anyone the handshake's gate admitted to the deck.
  if (room === followRoom(state.app.id)) return true;
  const entity = /^entities:([^:]+):([A-Za-z][A-Za-z0-9_]{0,63})$/.exec(room);
  if (entity) {
    // Changes to users and the outbox are not broadcast, and only admins may read them anyway.
    // A room carries every record of its entity, so only callers who may read them all join it
    // (entityAccess.ts): a viewer limited to its own records is refused rather than filtered.
    if (entity[1] !== state.app.id || ['User', 'Outbox'].includes(entity[2]!)) return false;
    return readsAll(ruleFor(entity[2]!), state.caller);
  }
  const conversation = CONVERSATION_ROOM.exec(room);
  if (!conversation) return false;
  return findConversation(ctx.db, state.app.id, conversation[1]!, state.caller).then(
    (found) => found !== null,
    () => false,
  );
}

// The protocol's join and leave carry no acknowledgement; a client that passes a callback anyway
// (tests, to wait for the server's decision instead of sleeping) gets a RoomReply once it is taken.
function reply(ack: unknown, answer: RoomReply): void {
  if (typeof ack === 'function') (ack as (answer: RoomReply) => void)(answer);
}

// Node's timers hold at most about 24.8 days; a later expiry is looked at again then.
const MAX_TIMER_MS = 2 ** 31 - 1;

// A socket of a person with an expiry ends when it passes, as their next request would be refused;
// the record is read again then, since an admin may have moved the expiry meanwhile.
function endAtExpiry(ctx: PlatformContext, socket: Socket, state: SocketState): void {
  if (state.caller.kind !== 'user') return;
  const userId = state.caller.user.id;
  const schedule = (expiresAt: Date | null) => {
    if (!expiresAt) return;
    const timer = setTimeout(() => {
      void findUserById(ctx.db, state.app.id, userId).then(
        (user) => {
          if (!user || accessEnded(user)) socket.disconnect(true);
          else schedule(user.expires_at);
        },
        () => socket.disconnect(true),
      );
    }, Math.min(Math.max(expiresAt.getTime() - Date.now(), 0), MAX_TIMER_MS));
    timer.unref();
    socket.once('disconnect', () => clearTimeout(timer));
  };
  schedule(state.caller.user.expires_at);
}

/**
 * Attaches the socket.io server to the HTTP server and returns the broadcaster plus a closer. On a
 * Postgres server, socket.io's Postgres adapter carries every room broadcast, disconnect and socket
 * fetch to the other processes on the same database (LISTEN/NOTIFY).
 */
export async function attachRealtime(httpServer: HttpServer, ctx: PlatformContext): Promise<Broadcaster & { close(): Promise<void> }> {
  const io = new Server(httpServer, { path: SOCKET_PATH, serveClient: false, maxHttpBufferSize: 64 * 1024 });
  // Loaded only on Postgres, so a PGlite process never loads pg.
  const pool = ctx.db.engine === 'postgres' ? (await import('./postgresDb.ts')).poolOf(ctx.db) : undefined;
  if (pool) {
    const { createAdapter } = await import('@socket.io/postgres-adapter');
    io.adapter(createAdapter(pool, { errorHandler: (error: Error) => ctx.log(`[realtime] Postgres adapter: ${error.message}`) }));
  }
  const roomMessage = (room: string, payload: unknown) => ({ room, data: JSON.stringify(payload) });
  const presence = new PresenceFeed(
    async (appId) => (await io.in(viewersRoom(appId)).fetchSockets()).flatMap((socket) => ((socket.data as SharedData).tab ? [(socket.data as SharedData).tab!] : [])),
    (appId, update) => {
      const room = presenceRoom(appId);
      io.to(room).emit('update_model', roomMessage(room, update));
    },
  );

  io.use((socket, next) => {
    const { app_id: appId, token } = socket.handshake.query;
    void (async () => {
      const app = typeof appId === 'string' ? await findApp(ctx.db, appId) : null;
      if (!app) throw new HttpError(404, { detail: 'App not found', code: 'app_not_found' });
      const caller = await resolveCaller(ctx.db, app, typeof token === 'string' && token ? token : null, ctx.serviceToken, ctx.log);
      checkGate(app, caller);
      await noteSeen(ctx.db, caller);
      states.set(socket, { app, caller });
      (socket.data as SharedData) = {};
    })().then(
      () => next(),
      (error: unknown) => {
        const failure = new Error(error instanceof Error ? error.message : 'Connection refused') as Error & { data?: unknown };
        if (error instanceof HttpError) failure.data = { status: error.status, ...error.body };
        next(failure);
      },
    );
  });

  io.on('connection', (socket: Socket) => {
    const state = states.get(socket)!;
    const shared = socket.data as SharedData;
    // First, so a revocation from now on reaches this socket on whichever process it is made.
    if (state.caller.kind === 'user') void socket.join([userRoom(state.caller.user.id), tokenRoom(state.caller.token)]);
    endAtExpiry(ctx, socket, state);
    // Settles once this socket's own tab is listed (an admin joining the presence room sees themself).
    let arrived: Promise<void> = Promise.resolve();
    // A person (not the service role, not an anonymous visitor of a public deck) is present while connected.
    if (state.caller.kind === 'user') {
      const appId = state.app.id;
      const user = state.caller.user;
      // Reports that come before the visit is known wait for it: the tab exists from then on.
      arrived = arrive(ctx.db, appId, user.id, Date.now()).then(
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
      // Only admins drive, whatever a page's UI shows: a refusal is an `error` event (and the ack).
      followBoardOf(ctx)
        .drive(state.app.id, state.caller, drive, socket.id)
        .then(
          (next) => {
            if (typeof ack === 'function') ack({ ok: true, state: next });
          },
          (error: unknown) => {
            const detail = error instanceof HttpError ? error.body.detail : 'Cannot drive the presentation';
            socket.emit('error', { event: FOLLOW_DRIVE_EVENT, detail });
            if (typeof ack === 'function') ack({ ok: false, detail });
          },
        );
    });
    socket.on('disconnect', () => void followBoardOf(ctx).socketClosed(state.app.id, socket.id));
    socket.on('join', (room: unknown, ack?: unknown) => {
      if (typeof room !== 'string') return;
      const decide = async (ok: boolean) => {
        if (ok) {
          await socket.join(room);
          // A joining admin sees who is viewing at once, not at the next change.
          if (room === presenceRoom(state.app.id)) {
            await arrived;
            socket.emit('update_model', roomMessage(room, { viewers: await presence.viewers(state.app.id) }));
          }
          // A follower who joins mid-presentation goes to the presenter's slide at once.
          if (room === followRoom(state.app.id)) socket.emit('update_model', roomMessage(room, await followBoardOf(ctx).state(state.app.id)));
          reply(ack, { room, ok: true });
          return;
        }
        const detail = `Cannot join room ${room}`;
        socket.emit('error', { room, detail });
        reply(ack, { room, ok: false, detail });
      };
      const failed = () => reply(ack, { room, ok: false, detail: `Cannot join room ${room} now` });
      const verdict = mayJoin(ctx, state, room);
      if (typeof verdict === 'boolean') void decide(verdict).catch(failed);
      else void verdict.then(decide).catch(failed);
    });
    socket.on('leave', (room: unknown, ack?: unknown) => {
      if (typeof room !== 'string') return;
      void socket.leave(room);
      reply(ack, { room, ok: true });
    });
  });

  return {
    publish(room, payload) {
      io.to(room).emit('update_model', roomMessage(room, payload));
    },
    disconnect({ token, userId, exceptToken }) {
      // A revoked token must stop receiving changes too, not only stop making requests, on every process.
      const rooms = [...(token ? [tokenRoom(token)] : []), ...(userId ? [userRoom(userId)] : [])];
      if (rooms.length === 0) return;
      const target = exceptToken ? io.in(rooms).except(tokenRoom(exceptToken)) : io.in(rooms);
      target.disconnectSockets(true);
    },
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}
