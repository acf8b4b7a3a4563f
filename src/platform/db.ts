import { PGlite, type Transaction } from '@electric-sql/pglite';
import { prepareDataDir } from './dataDirModes.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';
import { OwnerOnlyNodeFS } from './ownerOnlyFs.ts';

/** The database handle the stores share; PGlite queues queries, so one handle serves the process. */
export type Db = PGlite;
/** A query runner: the database itself or an open transaction. */
export type Queryable = PGlite | Transaction;

/**
 * Opens (or creates) the database in `dataDir`, in memory when omitted, and applies migrations. The
 * folder must be private (see prepareDataDir); every file PGlite makes in it is owner-only.
 * `snapshot` (a `dumpDataDir` tarball) seeds an in-memory database without running initdb.
 */
export async function openDatabase(dataDir?: string, snapshot?: Blob, migrations: readonly Migration[] = MIGRATIONS): Promise<Db> {
  let db: Db;
  if (dataDir) {
    // Checked here too (callers that lock check first), so no path opens an open folder.
    prepareDataDir(dataDir);
    db = await PGlite.create({ fs: new OwnerOnlyNodeFS(dataDir) });
  } else {
    db = snapshot ? await PGlite.create({ loadDataDir: snapshot }) : await PGlite.create();
  }
  await migrate(db, migrations);
  return db;
}

/** Applies each migration newer than the recorded version, each in its own transaction. */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<number[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const applied = new Set(done.rows.map((row) => row.version));
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, description) VALUES ($1, $2)', [
        migration.version,
        migration.description,
      ]);
    });
    ran.push(migration.version);
  }
  return ran;
}

/** ISO-8601 UTC with milliseconds: sorts as text in time order, so jsonb sorting on it works. */
export function nowIso(): string {
  return new Date().toISOString();
}
