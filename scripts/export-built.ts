// `node dist-server/export.mjs`: prints dist/deck.pdf from the built deck and the plan its build wrote
// beside it, with Debian's chromium and no build tools: what a production install (the container
// image) runs where `npm run export` cannot. Prints one line: pages, size and time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOTES_DIR } from '../schemas/presentingPaths.ts';
import { EXPORT_PLAN_FILE, type ExportPlan } from '../src/build/exportPlan.ts';
import { ExportError, printDeck } from '../src/export/printDeck.ts';

const root = process.cwd();
const started = performance.now();
try {
  const plan = JSON.parse(readFileSync(join(root, NOTES_DIR, EXPORT_PLAN_FILE), 'utf8')) as ExportPlan;
  const result = await printDeck(root, join(root, 'dist'), plan);
  console.log(`dist/deck.pdf: ${result.pages} pages, ${Math.round(result.bytes / 1024)} KB, ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof ExportError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
  console.error('The export failed; dist/deck.pdf was left as it was.');
  process.exit(1);
}
