import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { precompressAssets } from './precompress.ts';
import { prerender, type ServerEntry } from './prerender.ts';
import { quietBuildLog } from './quietBuildLog.ts';
import { BUILD_INPUTS_FILE, buildFingerprint } from './buildInputs.ts';
import { buildServerBundle } from './serverBundle.ts';
import { FIGURES_FILE } from '../../schemas/figureLedgerFile.ts';
import { AGREEMENT_FILE } from '../../schemas/agreement.ts';
import { EXPORT_PLAN_FILE, exportPages } from './exportPages.ts';
import { notesFileFor, readServerContent, writeServerFile } from './speakerNotes.ts';

/** Where a build is put together before it replaces dist/ (git-ignored; same disk, so renames are atomic). */
export const STAGING_DIR = '.build';

/**
 * The client build, the SSR build, the prerender and the platform's server bundle with the speaker
 * notes, all into `.build/`; only a complete result then takes the place of `outDir` and of the
 * server folder beside it (dist-server/). Any failure leaves both exactly as they were.
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
  // Taken before anything is read: a source changed during the build makes the next start build again.
  const fingerprint = buildFingerprint(root);
  try {
    const rollupOptions = { onLog: quietBuildLog };
    await build({ root, logLevel: 'warn', build: { outDir: next, emptyOutDir: true, rollupOptions } });
    await build({ root, logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: ssr, emptyOutDir: true, rollupOptions } });
    const entry = (await import(pathToFileURL(join(ssr, 'entry-server.js')).href)) as ServerEntry;
    const written = await prerender(entry, next);
    await precompressAssets(next);
    // The server folder sits beside dist/, never in it: no static host serves it. It holds the speaker
    // notes (the platform gives them to admins), the figures ledger (figures are confidential until
    // the deck is shared; deck versions read it), the PDF's plan, the fingerprint of the sources and
    // the bundled platform `npm run serve` runs.
    const notesFile = notesFileFor(root, outDir);
    const server = join(staging, 'server');
    await buildServerBundle(root, server);
    chmodSync(server, 0o700);
    const { notes, ledger, agreement } = readServerContent(root);
    writeServerFile(join(server, basename(notesFile)), notes);
    writeServerFile(join(server, FIGURES_FILE), ledger);
    // The confidentiality agreement, when the deck has one: the platform shows it before the first page.
    if (agreement) writeServerFile(join(server, AGREEMENT_FILE), agreement);
    // What the PDF prints, so the server bundle prints partners' PDFs where the slides' sources are not.
    writeServerFile(join(server, EXPORT_PLAN_FILE), exportPages(root));
    writeFileSync(join(server, BUILD_INPUTS_FILE), `${fingerprint}\n`, { mode: 0o600 });
    swapInto(next, resolve(root, outDir), join(staging, 'previous'));
    swapInto(server, dirname(notesFile), join(staging, 'previous-server'));
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
