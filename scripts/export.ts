// `npm run export`: builds the deck (as `npm run build` does), then prints it into dist/deck.pdf with
// Debian's chromium (src/export/). `--no-build` prints the dist/ already there (npm start builds first).
// Prints one line: pages, size and time. Under `npm start` a machine without chromium starts the
// platform anyway, without a PDF (the download then refuses), after saying how to install chromium.
import { stagedBuild } from '../src/build/stagedBuild.ts';
import { reportContent, wantsRelease } from '../src/content/reportContent.ts';
import { exportDeck, ExportError, NoChromiumError } from '../src/export/exportDeck.ts';

const USAGE = 'usage: npm run export [-- --no-build] [--release]';

// `npm run export --no-build` (no `--`) reaches npm, not this script: npm then sets npm_config_build to ''.
const npmNoBuild = process.env.npm_config_build === '' || process.env.npm_config_build === 'false';

async function main(argv: readonly string[]): Promise<number> {
  const unknown = argv.filter((arg) => arg !== '--no-build' && arg !== '--release');
  if (unknown.length > 0) {
    console.error(`unknown option ${unknown[0]}\n${USAGE}`);
    return 2;
  }
  const build = !argv.includes('--no-build') && !npmNoBuild;
  const started = performance.now();
  if (build) {
    if (!reportContent(process.cwd(), wantsRelease(process.argv, process.env))) return 1;
    const built = await stagedBuild(process.cwd());
    console.log(`built dist/: ${built} prerendered pages`);
  }
  const exportStarted = performance.now();
  const result = await exportDeck(process.cwd());
  const seconds = (performance.now() - exportStarted) / 1000;
  console.log(
    `dist/deck.pdf: ${result.pages} pages, ${Math.round(result.bytes / 1024)} KB, ${seconds.toFixed(1)} s${!build ? '' : ` (${((performance.now() - started) / 1000).toFixed(1)} s with the build)`}`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof NoChromiumError && process.env.npm_lifecycle_event === 'start') {
      console.warn(`${error.message}\nNo dist/deck.pdf: the platform starts without a PDF to download.`);
      process.exit(0);
    }
    console.error(error instanceof ExportError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
    console.error('The export failed; dist/deck.pdf was left as it was.');
    process.exit(1);
  },
);
