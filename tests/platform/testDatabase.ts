import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { runOnce } from '../../scripts/support/postgresServer.ts';
import { type DatabaseLocation, type Db, migrate } from '../../src/platform/db/db.ts';
import { dumpPglite } from '../../src/platform/db/pgliteDb.ts';
import { MIGRATIONS, openPlatformDatabase } from '../../src/platform/platformSchema.ts';

// The platform suite runs twice (vite.config.ts): on PGlite in memory (project `node`) and on a
// real Postgres server (project `node-postgres`, postgresSetup.ts). Each test platform and each
// test database is its own: a copy of a migrated template on Postgres, a loaded dump on PGlite.

/** The migrated, empty database each Postgres test database is copied from. */
export const TEMPLATE_DATABASE = 'deck_template';

/** The Postgres server's base URL when this run is the Postgres one, else undefined. */
export function postgresBase(): string | undefined {
  return inject('postgresBase');
}

/** Which engine this run tests. */
export const testEngine = (): Db['engine'] => (postgresBase() ? 'postgres' : 'pglite');

// initdb costs seconds of CPU per test file; a migrated, empty database dumped once (per schema)
// and loaded into each file's in-memory database skips it.
/** A dump of a freshly migrated, empty PGlite database, made once per schema and cached in the temp folder. */
export async function migratedSnapshot(): Promise<Blob> {
  // Keyed by the schema and the PGlite build, so neither change can load a stale dump.
  const pglite = readFileSync(join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8');
  const key = createHash('sha256').update(JSON.stringify(MIGRATIONS)).update(pglite).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `platform-test-db-${key}.tar`);
  if (!existsSync(file)) {
    const dump = await dumpPglite((db) => migrate(db, MIGRATIONS));
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/** A new Postgres database on the test server, copied from `template`; returns its URL. */
async function newPostgresDatabase(base: string, template: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await runOnce(`${base}postgres`, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return `${base}${name}`;
}

/** Where a new, migrated, empty database of this run's engine is. */
export async function testDatabase(): Promise<DatabaseLocation> {
  const base = postgresBase();
  return base ? { url: await newPostgresDatabase(base, TEMPLATE_DATABASE) } : { snapshot: await migratedSnapshot() };
}

/** Drops a database testDatabase made on the Postgres server (each copy takes a few MB of disk); PGlite's go with the process. */
export async function dropTestDatabase(location: DatabaseLocation): Promise<void> {
  const base = postgresBase();
  if (!base || !('url' in location)) return;
  const name = new URL(location.url).pathname.slice(1);
  await runOnce(`${base}postgres`, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Where a new database of this run's engine is, without any migration applied. */
export async function emptyTestDatabase(): Promise<DatabaseLocation> {
  const base = postgresBase();
  return base ? { url: await newPostgresDatabase(base, 'template0') } : {};
}

/**
 * A migrated database that `fill` writes to directly (as an older platform left it), returned as
 * what a test platform starts from: a dump on PGlite, the database's URL on Postgres.
 */
export async function preparedDatabase(fill: (db: Db) => Promise<void>): Promise<{ snapshot: Blob } | { databaseUrl: string }> {
  const base = postgresBase();
  if (!base) {
    return { snapshot: await dumpPglite(fill, await migratedSnapshot()) };
  }
  const url = await newPostgresDatabase(base, TEMPLATE_DATABASE);
  const db = await openPlatformDatabase({ url });
  try {
    await fill(db);
  } finally {
    await db.close();
  }
  return { databaseUrl: url };
}
