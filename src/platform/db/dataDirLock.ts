import { randomUUID } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File in DATA_DIR naming the process that has the database open, and its port. */
export const SERVER_FILE = 'server.json';
/** Held (created O_EXCL) by the one process replacing a stale SERVER_FILE, for a few microseconds. */
const TAKEOVER_FILE = `${SERVER_FILE}.takeover`;

/** What server.json records; the port is null until the server listens. */
export interface ServerFile {
  pid: number;
  port: number | null;
}

/** A held claim on DATA_DIR. */
export interface DataDirClaim {
  /** Records the port once the server listens, for `npm run invite`. */
  setPort(port: number): void;
  /** Gives DATA_DIR up (only if server.json is still this claim's). */
  release(): void;
}

interface LockText extends ServerFile {
  /** Unique per claim: tells this claim's file from an older one of a reused pid. */
  claim: string;
}

// Claims held by this process: a lock naming our own pid is live only if one of these wrote it
// (two startPlatform calls in one process; a container whose server is pid 1 at every start).
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function mtimeMs(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Date.now(); // gone meanwhile: as good as fresh
  }
}

/** The process a server.json text names, if that process is alive and holds it. */
function holder(text: string): LockText | null {
  try {
    const info = JSON.parse(text) as Partial<LockText>;
    if (!Number.isInteger(info.pid) || (info.pid as number) <= 0) return null;
    const live = info.pid === process.pid ? heldHere.has(String(info.claim)) : alive(info.pid as number);
    return live ? { pid: info.pid as number, port: Number.isInteger(info.port) ? (info.port as number) : null, claim: String(info.claim) } : null;
  } catch {
    return null; // unreadable: written by no live claim, since claims appear whole (see create)
  }
}

/** The live server using dataDir, or null (no file, or its process is gone, e.g. after kill -9). */
export function runningServer(dataDir: string): ServerFile | null {
  const text = readText(join(dataDir, SERVER_FILE));
  const info = text === null ? null : holder(text);
  return info && { pid: info.pid, port: info.port };
}

function inUse(dataDir: string, info: ServerFile): Error {
  const where = info.port === null ? 'starting' : `port ${info.port}`;
  return new Error(`DATA_DIR ${dataDir} is in use by process ${info.pid} (${where}); stop it first`);
}

/**
 * Creates file with text, atomically: the text goes to a private temporary file that is then
 * hard-linked to the name, and link() fails if the name exists. Readers never see a half-written
 * lock, and of two processes creating it at once exactly one succeeds. False when it exists.
 */
function create(file: string, text: string): boolean {
  const temporary = `${file}.${randomUUID()}.tmp`;
  writeFileSync(temporary, text, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * Removes server.json if it still holds staleText. Two processes can judge the same lock stale at
 * once; without the takeover file the slower one would delete the lock the faster one has just
 * written and both would open the database. Only the holder of the takeover file (created O_EXCL)
 * deletes, and only after re-reading the lock under it. Returns false when another process is
 * taking over at this moment (the caller looks again).
 */
function removeStale(dataDir: string, staleText: string): boolean {
  const file = join(dataDir, SERVER_FILE);
  const takeover = join(dataDir, TAKEOVER_FILE);
  let fd: number;
  try {
    fd = openSync(takeover, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const text = readText(takeover);
    // Its holder may not have written its pid yet: only an old file without a live holder is left over.
    if (text === null || holder(text) || Date.now() - mtimeMs(takeover) < 2000) return false;
    // Held for microseconds; left behind only if a process died inside it. Deleting it automatically
    // would reopen the race it closes, so the person is asked, as for any lock whose state is unclear.
    throw new Error(
      `DATA_DIR ${dataDir}: ${takeover} was left by a start that crashed; if no server is starting on DATA_DIR, delete that file and start again`,
    );
  }
  const claim = randomUUID();
  try {
    heldHere.add(claim);
    writeFileSync(fd, JSON.stringify({ pid: process.pid, port: null, claim }));
    if (readText(file) === staleText) unlinkSync(file);
    return true;
  } finally {
    closeSync(fd);
    rmSync(takeover, { force: true });
    heldHere.delete(claim);
  }
}

/**
 * Claims dataDir for this process before the database is opened: PGlite is single-process, and a
 * second process opening the same folder would corrupt it. Throws "in use by process N" when a live
 * process holds it; a lock left by a dead process (kill -9, power loss) is taken over.
 */
export async function claimDataDir(dataDir: string): Promise<DataDirClaim> {
  const file = join(dataDir, SERVER_FILE);
  const mine: LockText = { pid: process.pid, port: null, claim: randomUUID() };
  let text = JSON.stringify(mine);
  const deadline = Date.now() + 5000;
  for (;;) {
    heldHere.add(mine.claim);
    if (create(file, text)) break;
    heldHere.delete(mine.claim);
    const current = readText(file);
    if (current === null) continue; // released between our attempt and our look: try again
    const other = holder(current);
    if (other) throw inUse(dataDir, other);
    if (removeStale(dataDir, current)) continue;
    if (Date.now() > deadline)
      throw new Error(`DATA_DIR ${dataDir}: could not replace the stale ${file} within 5 s: ${join(dataDir, TAKEOVER_FILE)} stayed held`);
    await new Promise((done) => setTimeout(done, 5));
  }
  return {
    setPort(port) {
      if (readText(file) !== text) return;
      const next = JSON.stringify({ ...mine, port });
      // rename() over our own lock replaces it whole; readers see the old text or the new one.
      const temporary = `${file}.${mine.claim}.tmp`;
      writeFileSync(temporary, next, { flag: 'wx', mode: 0o600 });
      renameSync(temporary, file);
      text = next;
    },
    release() {
      heldHere.delete(mine.claim);
      if (readText(file) === text) unlinkSync(file);
    },
  };
}
