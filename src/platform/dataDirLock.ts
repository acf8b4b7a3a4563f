import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File in DATA_DIR naming the process that has the database open, and its port. */
export const SERVER_FILE = 'server.json';

/** What server.json records. */
export interface ServerFile {
  pid: number;
  port: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live server using dataDir, or null (no file, or its process is gone, e.g. after kill -9). */
export function runningServer(dataDir: string): ServerFile | null {
  const file = join(dataDir, SERVER_FILE);
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as ServerFile;
    return Number.isInteger(info.pid) && info.pid !== process.pid && alive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/**
 * Claims dataDir for this process: PGlite is single-process, and a second process opening the same
 * folder would corrupt it. Returns the release function.
 */
export function claimDataDir(dataDir: string, port: number): () => void {
  const other = runningServer(dataDir);
  if (other) throw new Error(`${dataDir} is in use by process ${other.pid} (port ${other.port}); stop it first`);
  const file = join(dataDir, SERVER_FILE);
  writeFileSync(file, JSON.stringify({ pid: process.pid, port } satisfies ServerFile));
  return () => rmSync(file, { force: true });
}
