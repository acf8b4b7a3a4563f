import { type FollowState, followRoom } from '../../../schemas/presentingPaths.ts';
import { type Caller, isAdmin } from '../identity/access.ts';
import { badRequest, forbidden, HttpError } from '../core/errors.ts';
import type { Queryable } from '../db/db.ts';
import type { Broadcaster } from '../core/context.ts';
import { announceEntry, audit, type AuditRecord } from '../records/auditLog.ts';
import type { AuditEntry } from '../../../schemas/auditPaths.ts';

// Follow-me: where the presenting admin is, per app, in the database (follow_state), so
// every process on one Postgres server answers a joining follower alike. Admins drive,
// through the socket (FOLLOW_DRIVE_EVENT) or the API (PRESENTING_CALL.drive); each move goes to the
// app's follow room, which any admitted viewer may join (realtime.ts), on every process.

const SLIDE_PATH = /^\/([a-z0-9-]{1,64})?$/;

/** What a drive asks for: move everyone to `path`, or end the presentation. */
export type FollowDrive = { path: string } | { stop: true };

/** The drive a caller sent, or a 400 naming the field (never throws past it: a socket sends what it likes). */
export function followDriveOf(raw: unknown): FollowDrive | HttpError {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return badRequest('body', 'must be { path } or { stop: true }');
  const { path, stop, ...rest } = raw as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return badRequest(unknown, 'is not a known field');
  if (stop !== undefined) {
    if (stop !== true) return badRequest('stop', 'must be true');
    if (path !== undefined) return badRequest('path', 'give either path or stop, not both');
    return { stop: true };
  }
  if (typeof path !== 'string' || !SLIDE_PATH.test(path)) return badRequest('path', 'must be a slide path such as /market');
  return { path };
}

const NOBODY: FollowState = { path: null, presenter: null, at: null };

/** How long a presentation outlives its presenter's socket: a reload reconnects well within it. */
export const PRESENTER_GRACE_MS = 20_000;

/** Every app's follow state; each change goes to the app's follow room. */
export class FollowBoard {
  // Sockets of this process that drove, and the pending end once one closed: a socket lives on one
  // process, so the process that saw it drive is the one that sees it close.
  private readonly drivers = new Set<string>();

  constructor(
    private readonly db: Queryable,
    private readonly publish: (room: string, state: FollowState) => void,
    private readonly graceMs = PRESENTER_GRACE_MS,
    /** Shows a new audit entry to the admins with the console open (records/auditLog.ts announceEntry). */
    private readonly announce: (appId: string, entry: AuditEntry) => void = () => undefined,
  ) {}

  /** Appends an entry to the audit log and shows it to the admins with the console open. */
  private async logged(record: AuditRecord): Promise<void> {
    this.announce(record.appId, await audit(this.db, record));
  }

  /** Where `appId`'s presenter is now (nobody presents: every field null). */
  async state(appId: string): Promise<FollowState> {
    const row = await this.db.query<FollowState>('SELECT path, presenter, at FROM follow_state WHERE app_id = $1', [appId]);
    return row.rows[0] ?? NOBODY;
  }

  /**
   * Applies an admin's drive and publishes the new state; a non-admin gets 403 and changes nothing
   * (the UI's hiding of the control is no defence), and a bad drive a 400 naming the field.
   */
  async drive(
    appId: string,
    caller: Caller,
    raw: unknown,
    socketId?: string,
    origin: { address: string | null; userAgent: string | null } = { address: null, userAgent: null },
  ): Promise<FollowState> {
    if (!isAdmin(caller)) throw forbidden('Only an admin may drive the presentation');
    const drive = followDriveOf(raw);
    if (drive instanceof HttpError) throw drive;
    if ('stop' in drive) {
      const ended = await this.db.query('DELETE FROM follow_state WHERE app_id = $1 RETURNING 1', [appId]);
      this.publish(followRoom(appId), NOBODY);
      if (ended.rows.length > 0) await this.logged({ appId, action: 'follow_stopped', actor: caller, ...origin });
      return NOBODY;
    }
    const next: FollowState = { path: drive.path, presenter: presenterName(caller), at: new Date().toISOString() };
    // The socket that drove last, so its closing ends the presentation (an API drive has none).
    const stored = await this.db.query<{ started: boolean }>(
      `INSERT INTO follow_state (app_id, path, presenter, at, driver_socket) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (app_id) DO UPDATE SET path = EXCLUDED.path, presenter = EXCLUDED.presenter, at = EXCLUDED.at, driver_socket = EXCLUDED.driver_socket
       RETURNING (xmax = 0) AS started`,
      [appId, next.path, next.presenter, next.at, socketId ?? null],
    );
    // Each presentation once, when it starts: the moves within it are the presenter's, not decisions.
    if (stored.rows[0]?.started) await this.logged({ appId, action: 'follow_started', actor: caller, detail: { path: next.path }, ...origin });
    if (socketId) this.drivers.add(socketId);
    this.publish(followRoom(appId), next);
    return next;
  }

  /**
   * A socket closed: if it drove, the presentation ends after the grace period unless a drive from
   * another socket (the presenter's reload, on any process) came first, so viewers are never left
   * following nobody. The end is one conditional delete: it happens only if this socket still drives.
   */
  socketClosed(appId: string, socketId: string): Promise<boolean> {
    if (!this.drivers.delete(socketId)) return Promise.resolve(false);
    // Resolves once the grace has run out: true when this socket's presentation ended then.
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.db.query('DELETE FROM follow_state WHERE app_id = $1 AND driver_socket = $2 RETURNING 1', [appId, socketId]).then(
          (ended) => {
            if (ended.rows.length > 0) {
              this.publish(followRoom(appId), NOBODY);
              void this.logged({ appId, action: 'follow_stopped', actor: null, detail: { reason: 'the presenter left' } }).catch(() => undefined);
            }
            resolve(ended.rows.length > 0);
          },
          () => resolve(false),
        );
      }, this.graceMs);
      timer.unref?.();
    });
  }
}

/** The name viewers see: the admin's display name, never their email. */
function presenterName(caller: Caller): string {
  const name = caller.kind === 'user' ? caller.user.full_name?.trim() : '';
  return name || 'The presenter';
}

/** What the follow board uses: the database and the rooms it tells of each move. */
export interface FollowContext {
  db: Queryable;
  broadcaster: Pick<Broadcaster, 'publish'>;
}

const boards = new WeakMap<FollowContext, FollowBoard>();

/** The one follow board of a running platform, shared by its socket server and its API. */
export function followBoardOf(ctx: FollowContext): FollowBoard {
  let board = boards.get(ctx);
  if (!board) {
    board = new FollowBoard(
      ctx.db,
      (room, state) => ctx.broadcaster.publish(room, state),
      PRESENTER_GRACE_MS,
      (appId, entry) => announceEntry(ctx, appId, entry),
    );
    boards.set(ctx, board);
  }
  return board;
}
