import type { Server, Socket } from 'socket.io';
import type { Caller } from '../identity/access.ts';
import { type AdmissionContext, admitDigest } from '../identity/admission.ts';
import type { AppRow } from '../identity/apps.ts';
import type { StandingChange } from '../core/context.ts';
import { personRoom } from '../../../schemas/viewerPartner.ts';

// A socket's standing: who it speaks for is decided again whenever it may have
// changed, never kept from the handshake. Revocation, expiry, demotion, deletion, sign-out and
// password changes tell every process (standingChanged); each process finds its sockets of that
// person or token in rooms no client can join or leave, asks the one admission again, and closes
// those it no longer admits. A sweep asks for every socket now and then, so a lost signal (a
// process that missed a NOTIFY) or a token that simply ran out cannot keep a socket open for long.

/** A person's sockets, on every process. */
export const userRoom = personRoom;
/** The sockets opened with one token, named by its SHA-256 (room names cross the database). */
export const tokenRoom = (digest: string) => `internal:token:${digest}`;
/** The app's present viewers (presence.ts reads their tabs from it). */
export const viewersRoom = (appId: string) => `internal:viewers:${appId}`;

/** Whether a room is the server's own bookkeeping: no client may join or leave it, whatever it sends. */
export function isServerRoom(room: string): boolean {
  return room.startsWith('internal:');
}

/** Open sockets one token may hold, on all processes together; a newer one closes the oldest. */
export const MAX_SOCKETS_PER_TOKEN = 20;
/** How often every socket's standing is asked again even without a signal. */
export const STANDING_SWEEP_MS = 30_000;
// The server-side event that carries a StandingChange to the other processes (Postgres adapter).
const STANDING_EVENT = 'deck:standing-changed';
// Node's timers hold at most about 24.8 days; a later expiry is looked at again then.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a process knows of one of its sockets; the caller is replaced at every recheck. */
export interface SocketState {
  app: AppRow;
  caller: Caller;
  /** Rooms the client joined itself: the only ones it may leave. */
  joined: Set<string>;
}

/**
 * Whether a socket that stood as `before` still stands as `after` (null: the admission refused).
 * Anything but the same person with the same role closes it: a demoted admin's socket must not keep
 * the rooms it joined as an admin, and the client's reconnection joins only what it may now.
 */
export function stillStands(before: Caller, after: Caller | null): boolean {
  if (!after) return false;
  if (before.kind !== 'user' || after.kind !== 'user') return after.kind === before.kind;
  return after.user.id === before.user.id && after.user.role === before.user.role;
}

/** The standing of every socket of one process. */
export class SocketStanding {
  private readonly states = new WeakMap<Socket, SocketState>();
  private readonly checks = new WeakMap<Socket, Promise<Caller | null>>();
  /** Each person's socket's expiry timer and the expiry it was armed for (ms; null: none). */
  private readonly expiries = new WeakMap<Socket, { at: number | null; timer: NodeJS.Timeout | undefined }>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly io: Server,
    private readonly ctx: AdmissionContext,
    /** Whether other processes share the sockets' rooms (the Postgres adapter). */
    private readonly crossProcess: boolean,
    sweepMs = STANDING_SWEEP_MS,
  ) {
    if (crossProcess) io.on(STANDING_EVENT, (change: StandingChange) => void this.applyHere(change));
    this.sweep = setInterval(() => {
      for (const socket of this.io.sockets.sockets.values()) void this.now(socket);
    }, sweepMs);
    this.sweep.unref();
  }

  /** The state of a socket this process accepted (after `admitted`). */
  stateOf(socket: Socket): SocketState | undefined {
    return this.states.get(socket);
  }

  /**
   * Takes in a socket the handshake admitted: its person's and token's rooms first, so a change from
   * now on reaches it on whichever process it is made; then its expiry and the per-token cap.
   */
  async admitted(socket: Socket, app: AppRow, caller: Caller): Promise<void> {
    this.states.set(socket, { app, caller, joined: new Set() });
    if (caller.kind !== 'user') return;
    await socket.join([userRoom(caller.user.id), tokenRoom(caller.digest)]);
    // Stryker disable next-line StringLiteral,ArrowFunction: the timer of a closed socket finds it disconnected and does nothing.
    socket.once('disconnect', () => clearTimeout(this.expiries.get(socket)?.timer));
    this.endAtExpiry(socket, caller);
    await this.capToken(caller.digest);
  }

  /**
   * The socket's caller as the admission decides now (one database read); a socket it no longer
   * admits as before is closed and gets null. Checks of one socket at once share one read.
   */
  now(socket: Socket): Promise<Caller | null> {
    const state = this.states.get(socket);
    if (!state || socket.disconnected) return Promise.resolve(null);
    // The service token and a public deck's anonymous visitors have no standing that can change.
    const before = state.caller;
    if (before.kind !== 'user') return Promise.resolve(before);
    let check = this.checks.get(socket);
    // Stryker disable next-line ConditionalExpression: equivalent when always true (checks of one socket at once each read alone and answer alike).
    if (!check) {
      check = admitDigest(this.ctx, state.app, before.digest)
        .then(
          (after) => after,
          // Stryker disable next-line ArrowFunction: a failed check as undefined refuses alike.
          () => null,
        )
        .then((after) => {
          this.checks.delete(socket);
          if (!stillStands(state.caller, after)) {
            // After the handler that asked has answered (its ack goes out first, then the close).
            // Stryker disable next-line BooleanLiteral: disconnect(false) leaves the connection to the client, which closes it on the server's disconnect.
            setImmediate(() => socket.disconnect(true));
            return null;
          }
          state.caller = after!;
          // An expiry set, moved or lifted since the timer was armed takes effect now, on every
          // process: each one decides its sockets again when a person's standing changes.
          if (after!.kind === 'user') this.endAtExpiry(socket, after!);
          return after;
        });
      this.checks.set(socket, check);
    }
    return check;
  }

  /** Tells every process of a change (StandingChange) and decides this process's sockets. */
  async changed(change: StandingChange): Promise<void> {
    if (this.crossProcess) this.io.serverSideEmit(STANDING_EVENT, change);
    await this.applyHere(change);
  }

  /** Stops the sweep (the server is closing). */
  close(): void {
    clearInterval(this.sweep);
  }

  // An empty or absent room name, or a socket id no longer known, finds no socket either way.
  private async applyHere(change: StandingChange): Promise<void> {
    // Stryker disable next-line MethodExpression: equivalent (above).
    const rooms = [change.userId && userRoom(change.userId), change.digest && tokenRoom(change.digest)].filter((room): room is string => !!room);
    // Stryker disable next-line ArrayDeclaration: equivalent (above).
    const ids = new Set(rooms.flatMap((room) => [...(this.io.sockets.adapter.rooms.get(room) ?? [])]));
    // Stryker disable next-line ArrayDeclaration: equivalent (above).
    const sockets = [...ids].flatMap((id) => this.io.sockets.sockets.get(id) ?? []);
    const { rotate } = change;
    if (rotate) {
      for (const socket of sockets) {
        const state = this.states.get(socket);
        // Stryker disable next-line ConditionalExpression,OptionalChaining: every socket in a person's or a token's room is a person's socket with a state.
        if (state?.caller.kind !== 'user' || state.caller.digest !== rotate.from) continue;
        // This tab's own token changed (it changed the password): it stands on the new one from now.
        state.caller = { ...state.caller, digest: rotate.to };
        await socket.leave(tokenRoom(rotate.from));
        await socket.join(tokenRoom(rotate.to));
      }
    }
    await Promise.all(sockets.map((socket) => this.now(socket)));
  }

  // A person's socket ends when their expiry passes. The timer is armed again whenever the expiry
  // read at a check differs from the one it waits for; when it fires, the check it makes reads the
  // expiry again, so a still standing socket waits for the new one.
  private endAtExpiry(socket: Socket, caller: Caller & { kind: 'user' }): void {
    const at = caller.user.expires_at?.getTime() ?? null;
    const armed = this.expiries.get(socket);
    if (armed && armed.at === at) return;
    clearTimeout(armed?.timer);
    const timer =
      at === null
        ? undefined
        : setTimeout(
            () => {
              this.expiries.delete(socket);
              void this.now(socket);
            },
            Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS),
          );
    timer?.unref();
    this.expiries.set(socket, { at, timer });
  }

  // At most MAX_SOCKETS_PER_TOKEN sockets per token on all processes: the oldest go first.
  private async capToken(digest: string): Promise<void> {
    const sockets = await this.io.in(tokenRoom(digest)).fetchSockets();
    const excess = sockets.length - MAX_SOCKETS_PER_TOKEN;
    // Stryker disable next-line EqualityOperator: at exactly the cap, slice(0, 0) below closes none.
    if (excess <= 0) return;
    // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: on one process a token’s sockets come back oldest first; only sockets of several processes (Postgres) need the sort.
    const oldest = [...sockets].sort((a, b) => a.handshake.issued - b.handshake.issued).slice(0, excess);
    // Stryker disable next-line BooleanLiteral: as in now().
    for (const socket of oldest) socket.disconnect(true);
  }
}
