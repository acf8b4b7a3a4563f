import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrate, openDatabase } from '../../src/platform/db.ts';
import { MIGRATIONS } from '../../src/platform/migrations.ts';
import { migratedSnapshot } from './harness.ts';

let db: Db;

beforeAll(async () => {
  db = await openDatabase(undefined, await migratedSnapshot());
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
});
