import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

// A data folder read into memory and written as the tar PGlite's own dump makes (ustar, names from
// the folder's root with a leading `/`, folders before what they hold), so a backup taken from the
// files on disk restores exactly like one PGlite dumped itself.

const BLOCK = 512;

/** One entry of a folder: a subfolder (no bytes) or a file with its bytes. */
export interface FolderEntry {
  /** `/base/1/112`: the path inside the folder, with a leading slash. */
  name: string;
  mode: number;
  mtimeMs: number;
  bytes: Uint8Array | null;
}

/**
 * Every subfolder and file under `dir` but those `skip` names (folders first, in path order), read with `lanes` reads at a
 * time through libuv's threads: the event loop stays free while the disk works. A file `earlier`
 * holds with the same size and modification time, last modified before `since`, is taken from there
 * instead of being read again.
 */
export async function readFolder(
  dir: string,
  skip: (name: string) => boolean,
  earlier?: { entries: readonly FolderEntry[]; since: number },
  lanes = 8,
): Promise<FolderEntry[]> {
  const listed = await readdir(dir, { recursive: true, withFileTypes: true });
  const nameOf = (path: string) => `/${relative(dir, path).split(sep).join('/')}`;
  const paths = listed
    .filter((entry) => entry.isDirectory() || entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !skip(nameOf(path)));
  paths.sort();
  const known = new Map(earlier?.entries.map((entry) => [entry.name, entry]));
  const entries: FolderEntry[] = new Array(paths.length);
  let next = 0;
  const lane = async () => {
    while (next < paths.length) {
      const index = next++;
      const path = paths[index]!;
      const info = await stat(path);
      const name = nameOf(path);
      const before = known.get(name);
      const unchanged =
        before?.bytes && !info.isDirectory() && before.bytes.byteLength === info.size && before.mtimeMs === info.mtimeMs && info.mtimeMs < earlier!.since;
      const bytes = info.isDirectory() ? null : unchanged ? before.bytes : new Uint8Array(await readFile(path));
      entries[index] = { name, mode: info.mode & 0o7777, mtimeMs: info.mtimeMs, bytes };
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return entries;
}

/**
 * How far a file's modification time may lag the write that made it: file systems stamp times
 * from a coarse clock (a few milliseconds on Linux), so a file written just after it was read may
 * keep the time it had. Two seconds leaves room for any of them.
 */
const MTIME_MARGIN_MS = 2000;

/**
 * The folder as it is at one instant, taken while `hold` runs (which keeps every writer out) but
 * with most of the reading done before: a first pass reads everything while writes go on, then,
 * held, a second pass lists the folder again and reads only what changed since the first began.
 * The hold lasts a listing and the few files written meanwhile, not the whole folder.
 */
export async function snapshotFolder(dir: string, hold: <T>(work: () => Promise<T>) => Promise<T>, skip: (name: string) => boolean): Promise<FolderEntry[]> {
  const since = Date.now() - MTIME_MARGIN_MS;
  const entries = await readFolder(dir, skip);
  return hold(() => readFolder(dir, skip, { entries, since }));
}

function field(header: Uint8Array, offset: number, length: number): string {
  return Buffer.from(header.subarray(offset, offset + length))
    .toString('latin1')
    .replace(/\0[\s\S]*$/, '');
}

/** The entries of an uncompressed (ustar) tar: name, and where the entry's blocks start and end. */
export function* tarEntries(tar: Uint8Array): Generator<{ name: string; start: number; end: number }> {
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

/** `tar` without the entries `skip` names (their header and data blocks), in pieces, ended as a tar is. */
export function withoutEntries(tar: Uint8Array, skip: (name: string) => boolean): Uint8Array[] {
  const kept: Uint8Array[] = [];
  for (const entry of tarEntries(tar)) if (!skip(entry.name)) kept.push(tar.subarray(entry.start, entry.end));
  kept.push(new Uint8Array(2 * BLOCK));
  return kept;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** One ustar header; a name too long for its 100 bytes is split into prefix and name at a slash. */
function header(entry: FolderEntry): Uint8Array {
  const block = Buffer.alloc(BLOCK);
  let name = entry.name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`${entry.name}: a path too long for a tar header`);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
  }
  block.write(name, 0, 100, 'utf8');
  block.write(octal(entry.mode, 8), 100, 8, 'latin1');
  block.write(octal(0, 8), 108, 8, 'latin1');
  block.write(octal(0, 8), 116, 8, 'latin1');
  block.write(octal(entry.bytes?.byteLength ?? 0, 12), 124, 12, 'latin1');
  block.write(octal(Math.floor(entry.mtimeMs / 1000), 12), 136, 12, 'latin1');
  block.write(entry.bytes ? '0' : '5', 156, 1, 'latin1');
  block.write('ustar\u000000', 257, 8, 'latin1');
  block.write(prefix, 345, 155, 'utf8');
  // The checksum is summed with its own field as eight spaces.
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return block;
}

/**
 * The entries as an uncompressed tar in pieces (each header, file and padding its own piece, then the
 * two empty blocks that end a tar), never copied into one buffer: a compressor takes them in turn.
 */
export function tarPieces(entries: readonly FolderEntry[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (const entry of entries) {
    pieces.push(header(entry));
    if (!entry.bytes) continue;
    pieces.push(entry.bytes);
    const pad = (BLOCK - (entry.bytes.byteLength % BLOCK)) % BLOCK;
    if (pad > 0) pieces.push(new Uint8Array(pad));
  }
  pieces.push(new Uint8Array(2 * BLOCK));
  return pieces;
}
