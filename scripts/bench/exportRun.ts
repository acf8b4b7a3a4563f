import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { DECK_PDF_FILE } from '../../schemas/engagementPaths.ts';

/** What one `npm run export --no-build` cost and what it wrote. */
export interface ExportFigures {
  /** Wall time of the whole command (npm, tsx, chromium and pdf-lib), in seconds. */
  seconds: number;
  /** dist/deck.pdf's size in bytes. */
  bytes: number;
  /** Its pages, counted by pdf-lib. */
  pages: number;
  /** The export's own line (pages, KB, its time without npm and tsx starting). */
  line: string;
}

/** Runs `npm run export -- --no-build` on the dist/ already built, timed from outside, and reads the PDF it wrote. */
export async function exportRun(root = process.cwd()): Promise<ExportFigures> {
  const started = performance.now();
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'export', '--', '--no-build'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve(out) : reject(new Error(`npm run export exited with ${code ?? signal}`))));
  });
  const seconds = (performance.now() - started) / 1000;
  const pdf = readFileSync(join(root, 'dist', DECK_PDF_FILE));
  const pages = (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
  return { seconds, bytes: pdf.byteLength, pages, line: stdout.trim().split('\n').at(-1) ?? '' };
}

/** The bench's line for the export: pages, KB and the command's wall time. */
export function exportSummary(figures: ExportFigures): string {
  return `npm run export --no-build: ${figures.pages} pages, ${(figures.bytes / 1024).toFixed(0)} KB, ${figures.seconds.toFixed(1)} s wall (the export's own line: ${figures.line})`;
}
