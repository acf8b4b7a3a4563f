import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createGzip, gunzipSync } from 'node:zlib';
import type { Db } from '../db/db.ts';
import { tarEntries } from '../db/folderTar.ts';

// Backups of a PGlite DATA_DIR. A backup is the data folder as a tar in the format PGlite's own dump
// writes, taken between two statements (so it holds every transaction committed before it began),
// gzipped, without the files that belong to the process holding the folder rather than to the
// database (its lock). A Postgres server is backed up with pg_dump instead (docs/operating.md, "Backups").

/** What a backup file starts with: gzip's magic number. */
const GZIP_MAGIC = [0x1f, 0x8b];

/** DATA_DIR's files that say which process holds it (dataDirLock.ts): never restored into another folder. */
export function isProcessFile(name: string): boolean {
  return /^\/?server\.json(\..*)?$/.test(name);
}

/**
 * A backup of the database behind `db` (PGlite only), ready to be written to a file. The tar's pieces
 * are compressed as a stream in libuv's threads, never copied into one buffer nor compressed on the
 * event loop (each took a second or more of it for a 40 MB folder).
 */
export async function takeBackup(db: Db): Promise<Uint8Array> {
  if (!db.dumpFolder) throw new Error('This database is a Postgres server: back it up with pg_dump (see "Backups" in docs/operating.md).');
  const pieces = await db.dumpFolder(isProcessFile);
  return new Uint8Array(await buffer(Readable.from(pieces, { objectMode: false }).pipe(createGzip())));
}

/**
 * The tar inside a backup file, checked: gzip, a tar, and a Postgres data folder in it. Throws a
 * sentence saying what the file is not.
 */
export function openBackup(bytes: Uint8Array, file: string): Uint8Array {
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) throw new Error(`${file} is not a backup made by npm run backup (it is not gzip data)`);
  let tar: Uint8Array;
  try {
    tar = gunzipSync(bytes);
  } catch {
    throw new Error(`${file} is damaged: its gzip data does not unpack`);
  }
  let names: string[];
  try {
    names = [...tarEntries(tar)].map((entry) => entry.name);
  } catch {
    throw new Error(`${file} is not a backup made by npm run backup (no tar inside)`);
  }
  if (!names.some((name) => /^\/?PG_VERSION$/.test(name))) throw new Error(`${file} is not a backup made by npm run backup (no database folder inside)`);
  return tar;
}

/**
 * Writes `bytes` to `file` whole or not at all: a temporary file beside it (owner-only: a backup
 * holds every account and record), flushed to disk, then renamed. Refuses to replace a file.
 */
export function writeBackupFile(file: string, bytes: Uint8Array): void {
  if (existsSync(file)) throw new Error(`${file} exists already: name a new file (a backup never overwrites one)`);
  const temporary = `${file}.partial-${process.pid}`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
}

/** Whether a folder is missing or empty: the only places a restore goes into. */
export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}
