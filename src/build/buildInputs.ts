import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

// What `npm run build` reads, and a fingerprint of it: `npm start` skips the build when dist/ was
// built from exactly these bytes. A build writes the fingerprint into the server folder beside dist/
// (stagedBuild.ts), so it is swapped in with the build it describes, never before.

/** The files and folders a build reads (folders wholly, but for SKIPPED), relative to the repository. */
export const BUILD_INPUTS = [
  'index.html',
  'login.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'slides',
  'src',
  'schemas',
  'public',
  'scripts',
] as const;

/** Folders below BUILD_INPUTS that no build reads: the bench's scripts. */
const SKIPPED = new Set([join('scripts', 'bench')]);

/** The file in the server folder (dist-server/) that names the inputs its build was made from. */
export const BUILD_INPUTS_FILE = 'build-inputs.sha256';

function filesBelow(root: string, path: string, found: string[]): void {
  const full = join(root, path);
  if (!existsSync(full) || SKIPPED.has(path)) return;
  if (!statSync(full).isDirectory()) {
    found.push(path);
    return;
  }
  for (const name of readdirSync(full)) filesBelow(root, join(path, name), found);
}

/**
 * SHA-256 of every input file's path and bytes, in path order, and of where the slides are read
 * from (DECK_SLIDES_DIR, which the build honours): the same sources give the same fingerprint on any
 * machine and after any checkout, whatever the files' times.
 */
export function buildFingerprint(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const files: string[] = [];
  for (const input of BUILD_INPUTS) filesBelow(root, input, files);
  files.sort();
  const hash = createHash('sha256').update(`slides from ${env.DECK_SLIDES_DIR ?? ''}\0`);
  for (const file of files)
    hash
      .update(file.split(sep).join('/'))
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * Whether `outDir` holds a complete build of exactly the inputs there are now: its pages, and the
 * fingerprint its build wrote beside it equal to the sources' fingerprint.
 */
export function buildIsCurrent(root: string, serverDir: string, outDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const written = join(serverDir, BUILD_INPUTS_FILE);
  if (!existsSync(join(outDir, 'index.html')) || !existsSync(written)) return false;
  return readFileSync(written, 'utf8').trim() === buildFingerprint(root, env);
}
