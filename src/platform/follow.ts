import { type FollowState, followRoom } from '../../schemas/presentingPaths.ts';
import { type Caller, isAdmin } from './access.ts';
import { badRequest, forbidden, HttpError } from './errors.ts';
import type { PlatformContext } from './httpTypes.ts';

// Follow-me (issue 13): where the presenting admin is, per app, kept in memory (nothing to store:
// a restart ends the presentation, as closing the presenter's deck would). Admins drive, through
// the socket (FOLLOW_DRIVE_EVENT) or the API (PRESENTING_CALL.drive); each move goes to the app's
// follow room, which any admitted viewer may join (realtime.ts).

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
  private readonly states = new Map<string, FollowState>();
  // The socket that drove each app's presentation last, and the pending end once it closed.
  private readonly drivers = new Map<string, string>();
  private readonly endings = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly publish: (room: string, state: FollowState) => void,
    private readonly graceMs = PRESENTER_GRACE_MS,
  ) {}

  /** Where `appId`'s presenter is now (nobody presents: every field null). */
  state(appId: string): FollowState {
    return this.states.get(appId) ?? NOBODY;
  }

  /**
   * Applies an admin's drive and publishes the new state; a non-admin gets 403 and changes nothing
   * (the UI's hiding of the control is no defence), and a bad drive a 400 naming the field.
   */
  drive(appId: string, caller: Caller, raw: unknown, socketId?: string): FollowState {
    if (!isAdmin(caller)) throw forbidden('Only an admin may drive the presentation');
    const drive = followDriveOf(raw);
    if (drive instanceof HttpError) throw drive;
    clearTimeout(this.endings.get(appId));
    this.endings.delete(appId);
    if (socketId && !('stop' in drive)) this.drivers.set(appId, socketId);
    else this.drivers.delete(appId);
    const next: FollowState =
      'stop' in drive ? NOBODY : { path: drive.path, presenter: presenterName(caller), at: new Date().toISOString() };
    if ('stop' in drive) this.states.delete(appId);
    else this.states.set(appId, next);
    this.publish(followRoom(appId), next);
    return next;
  }

  /**
   * A socket closed: if it was driving, the presentation ends after the grace period unless a
   * drive comes first (the presenter's reload), so viewers are never left following nobody.
   */
  socketClosed(appId: string, socketId: string): void {
    if (this.drivers.get(appId) !== socketId) return;
    this.drivers.delete(appId);
    const timer = setTimeout(() => {
      this.endings.delete(appId);
      if (this.states.delete(appId)) this.publish(followRoom(appId), NOBODY);
    }, this.graceMs);
    timer.unref?.();
    this.endings.set(appId, timer);
  }
}

/** The name viewers see: the admin's display name, never their email. */
function presenterName(caller: Caller): string {
  const name = caller.kind === 'user' ? caller.user.full_name?.trim() : '';
  return name || 'The presenter';
}

const boards = new WeakMap<PlatformContext, FollowBoard>();

/** The one follow board of a running platform, shared by its socket server and its API. */
export function followBoardOf(ctx: PlatformContext): FollowBoard {
  let board = boards.get(ctx);
  if (!board) {
    board = new FollowBoard((room, state) => ctx.broadcaster.publish(room, state));
    boards.set(ctx, board);
  }
  return board;
}
