import { PGlite } from '@electric-sql/pglite';
import { prepareDataDir } from './dataDirModes.ts';
import type { Db } from './dbTypes.ts';
import { snapshotFolder, tarPieces, withoutEntries } from './folderTar.ts';
import { OwnerOnlyNodeFS } from './ownerOnlyFs.ts';

// PGlite queues queries, so one handle serves the whole process and transactions never interleave.
function handleOf(pg: PGlite, dataDir?: string): Db {
  return {
    engine: 'pglite',
    query: (sql, params) => pg.query(sql, params),
    exec: (sql) => pg.exec(sql),
    transaction: (work) => pg.transaction((tx) => work({ query: (sql, params) => tx.query(sql, params), exec: (sql) => tx.exec(sql) })),
    close: () => pg.close(),
    async dumpFolder(skip) {
      // A checkpoint first writes what the WAL holds into the tables' files.
      await pg.exec('CHECKPOINT');
      // In memory, PGlite's own dump. In a folder, the files are read from disk (snapshotFolder): the
      // query queue is held only while what changed during a first read is read again (a statement
      // never runs half done in it, as in PGlite's own dump), and never the event loop: PGlite's dump
      // read the whole folder through its file system, holding both for seconds.
      if (!dataDir) return withoutEntries(new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer()), skip);
      return tarPieces(await snapshotFolder(dataDir, (work) => pg.runExclusive(work), skip));
    },
  };
}

/**
 * PGlite in `dataDir` (private: see prepareDataDir; every file PGlite makes there is owner-only),
 * or in memory when omitted; `snapshot` (a `dumpDataDir` tarball) seeds memory without initdb.
 */
export async function openPglite(dataDir?: string, snapshot?: Blob): Promise<Db> {
  if (dataDir) {
    // Checked here too (callers that lock check first), so no path opens an open folder.
    prepareDataDir(dataDir);
    return handleOf(await PGlite.create({ fs: new OwnerOnlyNodeFS(dataDir) }), dataDir);
  }
  return handleOf(snapshot ? await PGlite.create({ loadDataDir: snapshot }) : await PGlite.create());
}

/**
 * Unpacks a data folder's tar (a backup, backup.ts) into `dataDir`, which holds no database yet,
 * and closes it again; openDatabase then opens it like any DATA_DIR.
 */
export async function restorePglite(dataDir: string, tar: Uint8Array): Promise<void> {
  prepareDataDir(dataDir);
  const pg = await PGlite.create({ fs: new OwnerOnlyNodeFS(dataDir), loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>]) });
  await pg.close();
}

/** A dump of an in-memory database (fresh, or loaded from `from`) after `prepare`; tests load it instead of running initdb. */
export async function dumpPglite(prepare: (db: Db) => Promise<unknown>, from?: Blob): Promise<Blob> {
  const pg = from ? await PGlite.create({ loadDataDir: from }) : await PGlite.create();
  await prepare(handleOf(pg));
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  return dump;
}
