import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrate, NewerSchemaError } from '../../src/platform/db/db.ts';
import { emptyTestDatabase, testDatabase, testEngine } from './testDatabase.ts';
import { MIGRATIONS, openPlatformDatabase } from '../../src/platform/platformSchema.ts';

let db: Db;

beforeAll(async () => {
  db = await openPlatformDatabase(await testDatabase());
}, 60_000);
afterAll(() => db?.close());

describe('migrations', () => {
  it('records every applied version, in order, with versions that only grow', async () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    const applied = (await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows;
    expect(applied.map((row) => row.version)).toEqual(versions);
  });

  it('applies only what is new, and a failing step leaves no trace', async () => {
    expect(await migrate(db, MIGRATIONS)).toEqual([]);
    const next = { version: 1000, description: 'test table', sql: 'CREATE TABLE probe (a int)' };
    expect(await migrate(db, [...MIGRATIONS, next])).toEqual([1000]);
    expect(await migrate(db, [...MIGRATIONS, next])).toEqual([]);
    const broken = { version: 1001, description: 'half a step', sql: 'CREATE TABLE half (a int); SELECT no_such_function();' };
    await expect(migrate(db, [...MIGRATIONS, next, broken])).rejects.toThrow();
    const half = await db.query(`SELECT to_regclass('half') AS t`);
    expect(half.rows).toEqual([{ t: null }]);
    expect((await db.query('SELECT 1 FROM schema_migrations WHERE version = 1001')).rows).toEqual([]);
  });

  it('refuses a database a newer release has migrated, saying so, and changes nothing', async () => {
    // The database is at 1000 now (the test above); this build's list ends before it.
    await expect(migrate(db, MIGRATIONS)).rejects.toThrow(NewerSchemaError);
    await expect(migrate(db, MIGRATIONS)).rejects.toThrow(/schema is at version 1000, newer than this platform knows \(\d+\).*nothing was changed/);
    expect((await db.query('SELECT 1 FROM schema_migrations WHERE version = 1000')).rows).toHaveLength(1);
  });
});

describe.runIf(testEngine() === 'postgres')('several processes starting together on one Postgres server', () => {
  it('apply each migration once (the advisory lock), and every start succeeds', async () => {
    const location = await emptyTestDatabase();
    const dbs = await Promise.all(Array.from({ length: 6 }, () => openPlatformDatabase(location)));
    try {
      const rows = (await dbs[0]!.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows;
      expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      await Promise.all(dbs.map((each) => each.close()));
    }
  });
});
