import type { DatabaseLocation, Db, Queryable } from './dbTypes.ts';
import type { Migration } from './migrations.ts';

export type { DatabaseLocation, Db, QueryResult, Queryable } from './dbTypes.ts';

/**
 * Opens the database and applies `migrations` (the platform's whole schema: platformSchema.ts). Each engine's module loads only when used, so a
 * Postgres deployment never starts PGlite's WebAssembly and PGlite never needs `pg`.
 */
export async function openDatabase(location: DatabaseLocation, migrations: readonly Migration[], waitMs = DATABASE_WAIT_MS): Promise<Db> {
  const db =
    'url' in location
      ? (await import('./postgresDb.ts')).openPostgres(location.url)
      : await (await import('./pgliteDb.ts')).openPglite(location.dataDir, location.snapshot);
  try {
    if ('url' in location) await untilAnswering(db, waitMs);
    await migrate(db, migrations);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * How long a start waits for a Postgres server that does not take connections yet: a container
 * started beside it (compose starts both at once, and some versions do not wait for its health).
 */
export const DATABASE_WAIT_MS = 60_000;

// A server that is not there yet: refused or unknown (its container's name resolves once it runs),
// or still starting up (SQLSTATE 57P03).
const NOT_YET = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', '57P03']);

async function untilAnswering(db: Db, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await db.query('SELECT 1');
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !NOT_YET.has(code) || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

// Every process that starts against one Postgres server migrates under this lock, so a step runs
// once however many start together. Any constant works; this one spells "deck" in ASCII.
const MIGRATION_LOCK = 0x6465636b;

/** The database's schema is newer than this build's migrations: this build must not touch it. */
export class NewerSchemaError extends Error {}

/**
 * Applies each migration newer than the recorded version, each in its own transaction that holds
 * the migration lock and checks again whether another process applied it meanwhile. Refuses a
 * database already migrated past the newest step this build knows.
 */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<number[]> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const known = ordered.at(-1)?.version ?? 0;
  const locked = async (tx: Queryable) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    return new Set(done.rows.map((row) => row.version));
  };
  const applied = await db.transaction(locked);
  const newest = Math.max(0, ...applied);
  if (newest > known) {
    throw new NewerSchemaError(
      `The database's schema is at version ${newest}, newer than this platform knows (${known}): ` +
        'a newer release has migrated it. Start that release (or a newer one), not this one; nothing was changed.',
    );
  }
  const ran: number[] = [];
  for (const migration of ordered) {
    if (applied.has(migration.version)) continue;
    const didRun = await db.transaction(async (tx) => {
      if ((await locked(tx)).has(migration.version)) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, description) VALUES ($1, $2)', [migration.version, migration.description]);
      return true;
    });
    if (didRun) ran.push(migration.version);
  }
  return ran;
}

/** ISO-8601 UTC with milliseconds: sorts as text in time order, so jsonb sorting on it works. */
export function nowIso(): string {
  return new Date().toISOString();
}
