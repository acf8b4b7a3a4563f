// The database's shape, in a file of its own: db.ts opens one of the two engines, and the engines
// (pgliteDb.ts, postgresDb.ts) implement this without importing db.ts back.

/** What a query returns on either engine: the rows and, for writes, how many rows it touched. */
export interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
}

/** A query runner: the database itself or an open transaction. */
export interface Queryable {
  /** One statement with `$1…` parameters. */
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Statements without parameters, several separated by semicolons. */
  exec(sql: string): Promise<unknown>;
}

/**
 * The database handle the stores share: PGlite in one process (DATA_DIR or memory), or a Postgres
 * server through a connection pool (DATABASE_URL), with the same SQL and the same row shapes.
 */
export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: the whole data folder as an uncompressed tar, in pieces to be written in turn,
   * without the files `skip` names, taken between two statements, so it holds every transaction
   * committed before it began (backup.ts). A Postgres server has pg_dump.
   */
  dumpFolder?(skip: (name: string) => boolean): Promise<Uint8Array[]>;
}

/** Where the database is: a Postgres server, a PGlite folder, or PGlite in memory (optionally from a dump). */
export type DatabaseLocation = { url: string } | { dataDir?: string | undefined; snapshot?: Blob | undefined };
