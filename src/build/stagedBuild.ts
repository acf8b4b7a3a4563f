import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prerender, type ServerEntry } from './prerender.ts';
import { notesFileFor, readSpeakerNotes, writeSpeakerNotes } from './speakerNotes.ts';

/** Where a build is put together before it replaces dist/ (git-ignored; same disk, so renames are atomic). */
export const STAGING_DIR = '.build';

/**
 * The client build, the SSR build and the prerender, all into `.build/`; only a complete result then
 * takes the place of `outDir`. Any failure leaves the previous `outDir` exactly as it was (issue 10).
 * Returns the number of prerendered pages.
 */
export async function stagedBuild(root: string, outDir = 'dist'): Promise<number> {
  // A production build whatever the shell says (the old npm script exported it); vite reads it at build time.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  const staging = resolve(root, STAGING_DIR);
  const next = join(staging, 'dist');
  const ssr = join(staging, 'ssr');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await build({ root, logLevel: 'warn', build: { outDir: next, emptyOutDir: true } });
    await build({ root, logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: ssr, emptyOutDir: true } });
    const entry = (await import(pathToFileURL(join(ssr, 'entry-server.js')).href)) as ServerEntry;
    const written = await prerender(entry, next);
    // Speaker notes go beside dist/, never in it: no host serves them; the platform gives them to admins.
    writeSpeakerNotes(notesFileFor(root, outDir), readSpeakerNotes(root));
    swapInto(next, resolve(root, outDir), join(staging, 'previous'));
    return written.length;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

// Two renames: the old build moves aside whole, the new one moves in whole; a reader sees one or the other.
function swapInto(next: string, target: string, previous: string): void {
  if (existsSync(target)) renameSync(target, previous);
  renameSync(next, target);
}
