import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DECK_PDF_FILE } from '../../schemas/engagementPaths.ts';
import { CHROMIUM_PATH, launchChromium } from '../build/chromium.ts';
import type { ExportPlan } from '../build/exportPlan.ts';
import { startExportServer } from './exportServer.ts';
import { finishPdf } from './finishPdf.ts';
import { documentLang, printDocument } from './printDocument.ts';
import { renderPdf } from './renderPdf.ts';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';
import { fillPartnerSlots, partnerOfSettings } from '../../schemas/partnerValues.ts';

/** What one export wrote. */
export interface ExportResult {
  file: string;
  pages: number;
  bytes: number;
  /** sha256 (hex) of the input: the print document, the page sizes and every file chromium fetched. */
  inputHash: string;
}

/** A failure the person running the export can act on; the CLI prints its message alone. */
export class ExportError extends Error {}

/** The machine has no chromium to print with (an ExportError whose fix is installing one). */
export class NoChromiumError extends ExportError {}

// Written beside dist/ (same disk, so the rename is atomic) but never inside it: the platform serves
// dist/ and a half-written file there could be fetched.
const TEMP_DIR = join('node_modules', '.cache', 'deck-export');

/** The CreationDate and ModDate reproducible builds agree on (SOURCE_DATE_EPOCH, seconds), if set. */
export function sourceDate(env: NodeJS.ProcessEnv = process.env): Date | undefined {
  const seconds = env.SOURCE_DATE_EPOCH;
  if (seconds === undefined || seconds === '') return undefined;
  if (!/^\d+$/.test(seconds)) throw new ExportError(`SOURCE_DATE_EPOCH must be whole seconds since 1970, not ${JSON.stringify(seconds)}`);
  return new Date(Number(seconds) * 1000);
}

/**
 * Prints the built deck (`distDir`) as `plan` lists its pages into dist/deck.pdf: one page per slide in
 * deck order, the appendix after, each page 1280 px wide and as tall as its slide. The file is replaced
 * whole (temp file, then rename), and the same dist/ gives the same bytes. Reads no slide source: the
 * plan comes from the content (exportDeck.ts) or from the one the build wrote beside dist/, so the
 * server bundle prints partners' PDFs without the build tools.
 */
export async function printDeck(
  root: string,
  distDir: string,
  plan: ExportPlan,
  options: { partner?: ViewerPartner; target?: string } = {},
): Promise<ExportResult> {
  const dist = resolve(distDir);
  if (!existsSync(join(dist, 'index.html'))) {
    throw new ExportError(`${dist} holds no built deck: run npm run build first (or npm run export without --no-build).`);
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new NoChromiumError(`No chromium at ${CHROMIUM_PATH}: install Debian's with apt-get install chromium (or point CHROMIUM_PATH at one).`);
  }
  const date = sourceDate();
  const pages = plan.pages.map((page) => {
    const file = join(dist, page.file);
    if (!existsSync(file)) throw new ExportError(`${file} is missing (the slides changed since the build?): run npm run build.`);
    // The built pages name no partner; `npm run export` is the deck-wide PDF, so it names the deck-wide one.
    // A partner's own PDF (the platform's) names that partner instead.
    return { page, html: fillPartnerSlots(readFileSync(file, 'utf8'), options.partner ?? partnerOfSettings(plan.partner)) };
  });
  const document = printDocument(plan.title, pages);
  const server = await startExportServer(dist, document);
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    browser = await launchChromium();
    const printed = await renderPdf(browser, server.url);
    const inputHash = createHash('sha256')
      .update(document)
      .update(printed.pageCss)
      .update(server.servedFiles().join('\n'))
      .update(String(date?.getTime() ?? ''))
      .digest('hex');
    const pdf = await finishPdf(printed.pdf, {
      title: plan.title,
      lang: documentLang(pages[0]!.html),
      labels: pages.map(({ page }) => page.label),
      headings: printed.headings,
      inputHash,
      date,
    });
    const target = options.target ?? join(dist, DECK_PDF_FILE);
    writeAtomically(options.target ? dirname(options.target) : resolve(root, TEMP_DIR), target, pdf);
    return { file: target, pages: pages.length, bytes: pdf.byteLength, inputHash };
  } finally {
    await browser?.close();
    await server.close();
  }
}

function writeAtomically(tempDir: string, target: string, bytes: Uint8Array): void {
  mkdirSync(tempDir, { recursive: true });
  const temp = join(tempDir, `${DECK_PDF_FILE}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    writeFileSync(temp, bytes);
    renameSync(temp, target);
  } finally {
    rmSync(temp, { force: true });
  }
}
