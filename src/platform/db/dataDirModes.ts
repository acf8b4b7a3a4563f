import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { GROUP_OTHER_BITS } from './ownerOnlyFs.ts';

function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0');
}

/** The path as one shell word, so the printed command can be pasted as is. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

/** fn's result, or null when the path it looks at was removed meanwhile. */
function unlessGone<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The first entry under dir that group or others can reach, and how many there are in all. Another
 * process may be changing the folder meanwhile (a second start taking over a stale lock removes and
 * links files in it): an entry gone between the listing and the look at it is skipped, not an error.
 */
function firstOpenEntry(dir: string): { path: string; mode: number; count: number } | null {
  let first: { path: string; mode: number } | null = null;
  let count = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    for (const entry of unlessGone(() => readdirSync(folder, { withFileTypes: true })) ?? []) {
      const path = join(folder, entry.name);
      // A symlink's own mode is always 0777 and means nothing; what it points to is outside the walk.
      if (entry.isSymbolicLink()) continue;
      const mode = unlessGone(() => lstatSync(path).mode);
      if (mode === null) continue;
      if (mode & GROUP_OTHER_BITS) {
        first ??= { path, mode };
        count++;
      }
      if (entry.isDirectory()) pending.push(path);
    }
  }
  return first && { ...first, count };
}

/**
 * Makes dataDir ready to hold the database, as Postgres checks its own data folder: an absent or
 * empty folder is (re)created 0700; a folder that group or others can reach, or that holds anything
 * they can, is refused with the command that fixes it, before any file in it is opened.
 */
export function prepareDataDir(dir: string): void {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // mkdir's mode goes through the umask; the folder must be exactly 0700 whatever the umask is.
    chmodSync(dir, 0o700);
    return;
  }
  if (!stat.isDirectory()) throw new Error(`DATA_DIR ${dir} is not a folder`);
  // Windows keeps no Unix modes (every file reads as 0666); access there is governed by ACLs.
  if (process.platform === 'win32') return;
  const uid = process.getuid?.();
  if (uid !== undefined && uid !== 0 && stat.uid !== uid) {
    throw new Error(`DATA_DIR ${dir} belongs to user ${stat.uid}, not to the user running the server (${uid}); start the server as its owner`);
  }
  const fix = `run: chmod -R go-rwx ${shellWord(dir)}`;
  if (readdirSync(dir).length === 0) {
    chmodSync(dir, 0o700);
    return;
  }
  if (stat.mode & GROUP_OTHER_BITS) throw new Error(`DATA_DIR ${dir} is readable by other users (mode ${octal(stat.mode)}); ${fix}`);
  const open = firstOpenEntry(dir);
  if (open) {
    const more = open.count > 1 ? `, and ${open.count - 1} more` : '';
    throw new Error(`DATA_DIR ${dir} is readable by other users (${relative(dir, open.path)} has mode ${octal(open.mode)}${more}); ${fix}`);
  }
}
