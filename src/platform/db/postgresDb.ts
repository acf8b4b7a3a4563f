import pg from 'pg';
import type { Db, Queryable } from './dbTypes.ts';

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

// A client whose connection died may have been handed back already (see openPostgres).
function releaseOnce(client: pg.PoolClient, destroy = false): void {
  try {
    client.release(destroy);
  } catch {
    /* released already */
  }
}

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
  // The same for a client checked out (socket.io's adapter holds one for LISTEN; a transaction holds
  // one between queries): without a listener its 'error' would end the process. It emits 'end' too,
  // which the adapter reconnects on, and the failed query reports to its caller. A dead client still
  // checked out is handed back (destroyed) here: the adapter never releases one, and pool.end()
  // would wait for it forever.
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    client.on('end', () => {
      if (checkedOut.has(client as pg.PoolClient)) releaseOnce(client as pg.PoolClient, true);
    });
  });
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
        releaseOnce(client);
      }
    },
    close: () => pool.end(),
  };
  pools.set(db, pool);
  return db;
}
