import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRef } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIGURES_FILE, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { DECK_PDF_FILE } from '../../schemas/engagementPaths.ts';
import { testChromium } from './sharedChromium.ts';
import { freePort, waitForHttp } from '../../scripts/support/previewServer.ts';
import { stagedBuild } from '../../src/build/stagedBuild.ts';
import { SLIDES_DIR_VARIABLE } from '../../src/content/slideRegistryPlugin.ts';
import { exportDeck } from '../../src/export/exportDeck.ts';
import { exportPages } from '../../src/build/exportPages.ts';
import { axeViolations } from './axeViolations.ts';

// The figures ledger end to end: one ledger edit reaches every page and the PDF that show the figure, and the
// source notes of figures whose source is given work in the reading view, the PDF and present mode.
// One build of a copy of the slides: market.homeEquity edited (13.95T → 13.96T, the edit), a
// few figures given test sources (the real ones are the owners' to give), the market page saved with a
// byte-order mark and CRLF line endings.
const repo = process.cwd();
const work = join(repo, 'node_modules', '.figure-ledger-test', String(process.pid));
const outDir = join(work, 'dist');
const SOURCE_A = 'Home Equity Report (test source)';
const SOURCE_B = 'Senior Homeowner Survey (test source)';

let preview: ChildProcess;
let baseUrl: string;
let browser: Browser;
let pdfText: string[];
let pdf: Buffer;

function giveSource(text: string, id: string, source: string, asOf: string): string {
  const entry = new RegExp(`(  ${id.replace('.', '\\.')}:\\n(?:    .*\\n)*?)    source: to be supplied\\n    asOf: to be supplied`);
  if (!entry.test(text)) throw new Error(`no sample source for ${id}`);
  return text.replace(entry, `$1    source: ${source}\n    asOf: '${asOf}'`);
}

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  cpSync(join(repo, 'slides'), join(work, 'slides'), { recursive: true });
  const ledger = join(work, 'slides/figures.yaml');
  let text = readFileSync(ledger, 'utf8').replace('usd: 13950000000000', 'usd: 13960000000000');
  for (const id of ['market.homeEquity', 'market.untappedEquity']) text = giveSource(text, id, SOURCE_A, '2025-06-30');
  for (const id of ['market.eligibleHouseholds', 'market.penetration', 'market.equityPenetration']) text = giveSource(text, id, SOURCE_B, '2025-03');
  for (const id of ['hub.valuation', 'valuation.remoAi', 'ecosystem.totalValuation']) text = giveSource(text, id, 'Valuation memo (test source)', '2025-09');
  writeFileSync(ledger, text);
  const market = join(work, 'slides/market.mdx');
  writeFileSync(market, `\uFEFF${readFileSync(market, 'utf8').replace(/\n/g, '\r\n')}`);

  process.env[SLIDES_DIR_VARIABLE] = join(work, 'slides');
  try {
    await stagedBuild(repo, relative(repo, outDir));
  } finally {
    delete process.env[SLIDES_DIR_VARIABLE];
  }
  await exportDeck(repo, outDir);
  pdf = readFileSync(join(outDir, DECK_PDF_FILE));
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [join(outDir, DECK_PDF_FILE)], { encoding: 'utf8' }))![1]);
  pdfText = Array.from({ length: pages }, (_, index) =>
    execFileSync('pdftotext', ['-raw', '-f', String(index + 1), '-l', String(index + 1), '-enc', 'UTF-8', join(outDir, DECK_PDF_FILE), '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, ' '),
  );

  const port = await freePort();
  preview = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', outDir],
    { stdio: 'ignore' },
  );
  baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(baseUrl);
  browser = await testChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  preview?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

/** A page of the copy, after its fades. */
async function open(path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  // A context of its own: axe needs one.
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.getAnimations().length === 0);
  return page;
}

const pdfPageOf = (name: string) => exportPages(repo).pages.findIndex((page) => page.name === name);

describe('one ledger edit', () => {
  it('changes every page that shows the figure, in the built HTML and in the PDF', () => {
    for (const file of ['market.html', 'executivesummary.html']) {
      const html = readFileSync(join(outDir, file), 'utf8');
      expect(html).toContain('$13.96T');
      expect(html).not.toContain('$13.95T');
    }
    expect(pdfText[pdfPageOf('Market')]).toContain('$13.96T');
    expect(pdfText[pdfPageOf('ExecutiveSummary')]).toContain('$13.96T');
    expect(pdfText.filter((text) => text.includes('$13.95T'))).toEqual([]);
  });

  it('is in the server ledger beside dist/, which no visitor can fetch, and nowhere in dist/', () => {
    const ledger = JSON.parse(readFileSync(join(work, 'dist-server', FIGURES_FILE), 'utf8')) as LedgerSnapshot;
    expect(ledger.figures['market.homeEquity']).toMatchObject({
      text: '$13.96T',
      source: SOURCE_A,
      asOf: '2025-06-30',
      pages: ['/executivesummary', '/market'],
    });
    expect(ledger.pages['/market']!.figures).toContain('market.homeEquity');
    const files = readdirSync(outDir, { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith(FIGURES_FILE))).toEqual([]);
  });

  it('builds a slide saved with a byte-order mark and CRLF line endings like any other', () => {
    const html = readFileSync(join(outDir, 'market.html'), 'utf8');
    expect(html).toContain('A large, underserved home-equity market');
    expect(html).not.toContain('name: Market');
  });
});

describe('source notes in the reading view', () => {
  it('number the figures with a source; each marker links to its note and the note links back', async () => {
    const page = await open('/market');
    const markers = await page.locator('.figure-ref a').evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')]));
    expect(markers).toEqual([
      ['1 (source note)', '#source-note-1'],
      ['1 (source note)', '#source-note-1'],
      ['2 (source note)', '#source-note-2'],
      ['2 (source note)', '#source-note-2'],
    ]);
    const notes = await page.locator('.source-notes li').allTextContents();
    expect(notes.map((note) => note.replace(/\s+/g, ' ').trim())).toEqual([
      `${SOURCE_A}, as of 30 June 2025. Home equity, $13.96T (back to the figure) ↑ · Untapped equity, $11.58T (back to the figure) ↑`,
      `${SOURCE_B}, as of March 2025. Eligible households, 27-30M (back to the figure) ↑ · Penetration of the eligible market, under 3% (back to the figure) ↑`,
    ]);
    // The figures without a source (most of them) show no marker.
    expect(await page.locator('.stat-grid .figure-ref').count()).toBe(4);
    expect(await page.locator('.stat-note .figure-ref').count()).toBe(0);
    await page.context().close();
  });

  it('work from the keyboard and name themselves to a screen reader', async () => {
    const page = await open('/market');
    const marker = page.getByRole('link', { name: '1 (source note)' }).first();
    await marker.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#source-note-1');
    expect(await page.getByRole('region', { name: 'Sources' }).isVisible()).toBe(true);
    // Tab goes on from the note: its first back-link, which returns focus to the figure's marker.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim())).toBe('Home equity, $13.96T (back to the figure) ↑');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#figure-market-homeEquity');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('figure-market-homeEquity');
    await page.context().close();
  });

  it('have no axe violations at 1280 and 390 px, on the pages that show them', async () => {
    const found: string[] = [];
    for (const path of ['/market', '/executivesummary', '/ecosystem']) {
      const page = await open(path);
      expect(await page.locator('.source-notes').count()).toBe(1);
      found.push(...(await axeViolations(page, path)));
      await page.context().close();
    }
    expect(found).toEqual([]);
  });

  it('leave a page without sourced figures as it was', async () => {
    const page = await open('/reversetpo');
    expect(await page.locator('.source-notes, .figure-ref').count()).toBe(0);
    await page.context().close();
  });

  it('keep clear of the ecosystem cards: no link inside a card button', async () => {
    const page = await open('/ecosystem');
    expect(await page.locator('button a').count()).toBe(0);
    expect(await page.locator('button .figure-ref').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('source notes in present mode and in the PDF', () => {
  it('are out of the way in present mode, back in the reading view', async () => {
    const page = await open('/market?mode=present', { width: 1920, height: 1080 });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('present-mode'))).toBe(true);
    expect(await page.locator('.source-notes').isVisible()).toBe(false);
    expect(await page.locator('.figure-ref').first().isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.source-notes').isVisible()).toBe(true);
    await page.context().close();
  });

  it('are printed on the slide they belong to, each marker a jump to its note on that page', async () => {
    const market = pdfPageOf('Market');
    expect(pdfText[market]).toContain('Sources');
    expect(pdfText[market]).toContain(SOURCE_A);
    expect(pdfText[pdfPageOf('Problem')]).toContain(SOURCE_B);
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const named = doc.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
    const pageRefs = doc.getPages().map((page) => page.ref);
    const annots = doc.getPages()[market]!.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    const jumps: Array<{ name: string; page: number }> = [];
    for (let i = 0; i < (annots?.size() ?? 0); i++) {
      const dest = annots!.lookup(i, PDFDict).get(PDFName.of('Dest'));
      if (!(dest instanceof PDFName)) continue;
      const target = named?.lookup(dest);
      const array = target instanceof PDFDict ? target.lookup(PDFName.of('D'), PDFArray) : (target as PDFArray);
      jumps.push({ name: dest.decodeText(), page: pageRefs.indexOf(array.get(0) as PDFRef) });
    }
    const notes = jumps.filter((jump) => /--source-note-\d$/.test(jump.name));
    const back = jumps.filter((jump) => /--figure-/.test(jump.name));
    expect(notes.length).toBeGreaterThanOrEqual(4);
    expect(back.length).toBeGreaterThanOrEqual(4);
    expect([...notes, ...back].filter((jump) => jump.page !== market)).toEqual([]);
    expect(existsSync(join(outDir, DECK_PDF_FILE))).toBe(true);
  });
});
