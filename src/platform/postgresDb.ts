import pg from 'pg';
import type { Db, Queryable } from './db.ts';

// Rows must look the same as PGlite's, which every store was written against: bigint and count(*)
// as numbers (pg gives strings) and a date as UTC midnight (pg gives local midnight).
const PARSERS: Record<number, (text: string) => unknown> = {
  20: Number,
  1082: (text) => new Date(`${text}T00:00:00Z`),
};
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Connections per process; Postgres's default max_connections (100) leaves room for several processes. */
export const POOL_SIZE = 10;

function runner(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(sql, params) {
      const result = await client.query(sql, params as unknown[] | undefined);
      return { rows: result.rows, affectedRows: result.rowCount ?? 0 };
    },
    exec: (sql) => client.query(sql),
  };
}

const pools = new WeakMap<Db, pg.Pool>();

/** The pool under a Postgres handle (socket.io's Postgres adapter listens through it), or undefined for PGlite. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** A Postgres server through a connection pool (DATABASE_URL, e.g. postgres://deck:secret@db:5432/deck). */
export function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types, application_name: 'investor-deck' });
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it, and the next query reports any lasting trouble to its caller.
  pool.on('error', () => {});
  const db: Db = {
    engine: 'postgres',
    ...runner(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(runner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  pools.set(db, pool);
  return db;
}
