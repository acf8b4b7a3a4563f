// `npm start`: the deck built into dist/ (or, when nothing the build reads changed since dist/ was
// built, the build skipped), then the local platform listening at once, and the deck-wide PDF exported
// in the background when dist/ has none yet: the deck offers "Download PDF" once it is there. A
// restart with nothing changed and the PDF there runs the build's own bundle of the platform
// (dist-server/platform.mjs, made from these very sources), which starts seconds sooner than the
// sources compiled on the fly.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { DECK_PDF_FILE } from '../schemas/engagementPaths.ts';
import { NOTES_DIR } from '../schemas/presentingPaths.ts';
import { buildIsCurrent } from '../src/build/buildInputs.ts';
import { exportingInBackground } from '../src/platform/files/deckPdfExport.ts';

const root = process.cwd();
const dist = resolve(root, 'dist');

const serverDir = resolve(root, NOTES_DIR);

/** Builds dist/ unless it was built from exactly the sources there are; false when the content is refused. */
async function buildIfChanged(): Promise<boolean> {
  // Loaded only to build: the content checker and Vite are seconds of loading a restart does without.
  const { reportContent, wantsRelease } = await import('../src/content/reportContent.ts');
  const { stagedBuild } = await import('../src/build/stagedBuild.ts');
  if (!reportContent(root, wantsRelease(process.argv, process.env))) return false;
  const started = performance.now();
  const pages = await stagedBuild(root);
  console.log(`built dist/: ${pages} prerendered pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/**
 * `npm run export --no-build` in a child process of low priority, its lines passed on: chromium and
 * pdf-lib take tens of seconds of CPU, which must not slow the platform's answers meanwhile. Without
 * chromium it says how to install it and the deck simply offers no PDF (export.ts, under `npm start`).
 */
function exportInBackground(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join('scripts', 'export.ts'), '--no-build'], {
    cwd: root,
    env: { ...process.env, npm_lifecycle_event: 'start' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, 10);
    } catch {
      // A platform that may not lower a priority runs the export at the same one.
    }
  }
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => console.log(`[export] ${line}`));
  exportingInBackground(dist, new Promise((done) => child.once('exit', done)));
  return child;
}

async function main(): Promise<void> {
  const since = Date.now();
  if (buildIsCurrent(root, serverDir, dist)) {
    console.log('dist/ was built from these sources: build skipped');
    if (existsSync(join(dist, DECK_PDF_FILE))) {
      await import(pathToFileURL(join(serverDir, 'platform.mjs')).href);
      return;
    }
  } else if (!(await buildIfChanged())) process.exit(1);
  // Loaded only now: the platform's sources take seconds to compile, which a restart does without.
  const { runPlatform } = await import('./platformProcess.ts');
  let exporting: ChildProcess | null = null;
  await runPlatform(
    {
      started() {
        if (existsSync(join(dist, DECK_PDF_FILE))) return;
        console.log('exporting dist/deck.pdf in the background; the deck offers "Download PDF" once it is there');
        exporting = exportInBackground();
      },
      stopping() {
        if (exporting?.exitCode === null) exporting.kill('SIGTERM');
      },
    },
    since,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
