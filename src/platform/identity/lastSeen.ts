import type { Caller } from './access.ts';
import type { Queryable } from '../db/db.ts';

/** A person's last_seen_at is written at most this often: a deck makes many calls a minute. */
export const LAST_SEEN_EVERY_MS = 60_000;

// When each user's last_seen_at was last written, per database (tests run several platforms in one
// process): in memory, so most calls cost no query. Several processes on one Postgres server each
// keep their own, and the write itself skips a value written less than LAST_SEEN_EVERY_MS ago by
// any of them, so the row changes at most once a minute whatever the number of processes.
const written = new WeakMap<Queryable, Map<string, number>>();

/**
 * Records that a signed-in caller just passed the gate: writes last_seen_at unless it was written
 * for them less than LAST_SEEN_EVERY_MS ago. Returns the write (or nothing) for callers that wait.
 */
export function noteSeen(db: Queryable, caller: Caller, now: number = Date.now()): Promise<void> | undefined {
  if (caller.kind !== 'user') return undefined;
  let times = written.get(db);
  if (!times) written.set(db, (times = new Map()));
  const last = times.get(caller.user.id);
  if (last !== undefined && now - last < LAST_SEEN_EVERY_MS) return undefined;
  // Taken before the write, so a burst of parallel calls writes once.
  times.set(caller.user.id, now);
  return db
    .query('UPDATE users SET last_seen_at = $2 WHERE id = $1 AND (last_seen_at IS NULL OR last_seen_at <= $3)', [
      caller.user.id,
      new Date(now),
      new Date(now - LAST_SEEN_EVERY_MS),
    ])
    .then(
      () => undefined,
      // A failed write is retried by the next call rather than failing the call that passed the gate.
      () => void times.delete(caller.user.id),
    );
}
