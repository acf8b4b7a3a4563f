import type { Db, Queryable } from '../db/db.ts';

/**
 * Attempt times per key, in the database, so every process on one Postgres server counts the same
 * attempts. `locked` runs a check and the taking of a place in one transaction that holds
 * a lock on each key: parallel requests, on one process or several, can never all see "one place
 * left" and all go ahead. Times come from `now`, so tests can move the clock.
 */
export class LimitEvents {
  constructor(
    private readonly db: Db,
    readonly now: () => number = Date.now,
  ) {}

  /** Runs `work` in one transaction holding a lock on each key (taken in sorted order: no deadlock). */
  locked<T>(keys: string[], work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      for (const key of [...new Set(keys)].sort()) await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`limit:${key}`]);
      return work(tx);
    });
  }

  /** The key's attempt times inside the last `windowMs`, oldest first; older ones are deleted on the way. */
  async recent(tx: Queryable, key: string, windowMs: number): Promise<number[]> {
    const since = this.now() - windowMs;
    await tx.query('DELETE FROM limit_events WHERE key = $1 AND at <= $2', [key, since]);
    const rows = await tx.query<{ at: number }>('SELECT at FROM limit_events WHERE key = $1 ORDER BY at, id', [key]);
    return rows.rows.map((row) => Number(row.at));
  }

  /** Records `count` attempts now (one statement). */
  async add(tx: Queryable, key: string, count = 1): Promise<void> {
    await tx.query('INSERT INTO limit_events (key, at) SELECT $1, $2 FROM generate_series(1, $3::int)', [key, this.now(), count]);
  }

  /** Takes back the key's latest attempt. */
  async dropLatest(tx: Queryable, key: string): Promise<void> {
    await tx.query('DELETE FROM limit_events WHERE id = (SELECT id FROM limit_events WHERE key = $1 ORDER BY at DESC, id DESC LIMIT 1)', [key]);
  }

  /** Forgets every attempt of a key. */
  async clear(tx: Queryable, key: string): Promise<void> {
    await tx.query('DELETE FROM limit_events WHERE key = $1', [key]);
  }
}
