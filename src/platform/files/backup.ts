import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Db } from '../db/db.ts';

// Backups of a PGlite DATA_DIR. A backup is the data folder as PGlite dumps it (a tar,
// taken between two statements, so it holds every transaction committed before it began),
// gzipped, without the files that belong to the process holding the folder rather than to the
// database (its lock). A Postgres server is backed up with pg_dump instead (docs/operating.md, "Backups").

/** What a backup file starts with: gzip's magic number. */
const GZIP_MAGIC = [0x1f, 0x8b];
const BLOCK = 512;

/** DATA_DIR's files that say which process holds it (dataDirLock.ts): never restored into another folder. */
export function isProcessFile(name: string): boolean {
  return /^\/?server\.json(\..*)?$/.test(name);
}

function field(header: Uint8Array, offset: number, length: number): string {
  return Buffer.from(header.subarray(offset, offset + length))
    .toString('latin1')
    .replace(/\0[\s\S]*$/, '');
}

/** The entries of an uncompressed (ustar) tar: name, and where the entry's blocks start and end. */
function* tarEntries(tar: Uint8Array): Generator<{ name: string; start: number; end: number }> {
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return;
    const name = field(header, 0, 100);
    const prefix = field(header, 345, 155);
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new Error('not a tar: an entry has no size');
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    yield { name: prefix ? `${prefix}/${name}` : name, start: offset, end };
    offset = end;
  }
}

/** `tar` without the entries `skip` names (their header and data blocks), ended as a tar is. */
export function withoutEntries(tar: Uint8Array, skip: (name: string) => boolean): Uint8Array {
  const kept: Uint8Array[] = [];
  for (const entry of tarEntries(tar)) if (!skip(entry.name)) kept.push(tar.subarray(entry.start, entry.end));
  kept.push(new Uint8Array(2 * BLOCK));
  return Buffer.concat(kept);
}

/** A backup of the database behind `db` (PGlite only), ready to be written to a file. */
export async function takeBackup(db: Db): Promise<Uint8Array> {
  if (!db.dumpFolder) throw new Error('This database is a Postgres server: back it up with pg_dump (see "Backups" in docs/operating.md).');
  return gzipSync(withoutEntries(await db.dumpFolder(), isProcessFile));
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
