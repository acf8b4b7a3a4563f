import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK_PDF_FILE } from '../../schemas/engagementPaths.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { shownSettings } from '../../src/content/sampleStandIns.ts';
import { exportDeck } from '../../src/export/exportDeck.ts';
import { slideAnchor } from '../../src/build/exportPages.ts';
import { htmlFileFor } from '../../src/build/prerender.ts';
import { slideMarkup } from '../../src/export/printDocument.ts';
import { SPEC_CONTROLS, SPEC_FIGURES } from '../support/specFigures.ts';

// `npm run export` against the build the browser project made (globalSetup), read back the way a
// person's tools read it: poppler's pdftotext, pdfinfo and pdffonts, and pdf-lib for the outline
// and the links. One export serves every assertion; a second one only for the byte comparison.
const root = process.cwd();
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const pdfFile = join(root, 'dist', DECK_PDF_FILE);
const { slides, settings } = loadContent(root).content!;
const deck = slides.filter((slide) => slide.order !== null).sort((a, b) => a.order! - b.order!);
const pages = [...deck, ...slides.filter((slide) => slide.order === null)];

let work: string;
let copy: string;
let bytes: Buffer;
let exportLine: string;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const runExport = () =>
  spawnSync(process.execPath, [tsx, 'scripts/export.ts', '--no-build'], { cwd: root, encoding: 'utf8', env: { ...process.env, SOURCE_DATE_EPOCH: '' } });
// Line breaks are layout, not text: a line ending in a hyphen continues the word ("reverse-⏎mortgage").
const folded = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/(\S)- (?=\S)/g, '$1-')
    .trim();
// -raw: the text in the order chromium drew it, which is the page's order, not columns side by side.
const texts = new Map<number, string>();
const pageText = (page: number) => {
  if (!texts.has(page))
    texts.set(page, folded(execFileSync('pdftotext', ['-raw', '-f', String(page), '-l', String(page), '-enc', 'UTF-8', copy, '-'], { encoding: 'utf8' })));
  return texts.get(page)!;
};
// Headings hyphenate long words at line ends (hyphens: auto), which adds a hyphen the title lacks.
const letters = (text: string) => text.replace(/[\s\-\u00ad\u2010]/g, '');

beforeAll(() => {
  const run = runExport();
  expect(run.stderr.replace(/npm warn[^\n]*\n/g, '')).toBe('');
  expect(run.status).toBe(0);
  exportLine = run.stdout.trim();
  // The platform tests may rebuild dist/ later; the assertions read a copy.
  bytes = readFileSync(pdfFile);
  work = mkdtempSync(join(tmpdir(), 'deck-pdf-'));
  copy = join(work, DECK_PDF_FILE);
  writeFileSync(copy, bytes);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run export', () => {
  it('prints one line: pages, size in KB and seconds', () => {
    expect(exportLine).toMatch(new RegExp(`^dist/deck\\.pdf: ${pages.length} pages, ${Math.round(bytes.length / 1024)} KB, \\d+\\.\\d s$`));
  });

  it('has one page per deck slide and the core-technology appendix last', () => {
    const info = execFileSync('pdfinfo', [copy], { encoding: 'utf8' });
    expect(Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1])).toBe(deck.length + 1);
    expect(pages.at(-1)!.path).toBe('/coretechnology');
    expect(info).toMatch(/^Tagged:\s+yes$/m);
  });

  it('each page is 1280 px (960 pt) wide and at least 16:9 tall; long slides get taller pages', () => {
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', String(pages.length), copy], { encoding: 'utf8' });
    const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((match) => ({ width: Number(match[1]), height: Number(match[2]) }));
    expect(sizes).toHaveLength(pages.length);
    for (const size of sizes) {
      expect(size.width).toBe(960);
      expect(size.height).toBeGreaterThanOrEqual(540);
    }
    expect(sizes[0]!.height).toBe(540);
    expect(Math.max(...sizes.map((size) => size.height))).toBeGreaterThan(900);
  });

  it('each page is as tall as its slide: nothing runs off the bottom, no long empty tail', () => {
    const boxes = execFileSync('pdftotext', ['-bbox', copy, '-'], { encoding: 'utf8' });
    const found = [...boxes.matchAll(/<page width="[\d.]+" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map((match) => ({
      height: Number(match[1]),
      lowest: Math.max(...[...match[2]!.matchAll(/yMax="([\d.]+)"/g)].map((word) => Number(word[1]))),
    }));
    expect(found).toHaveLength(pages.length);
    // The slide's bottom padding is 3rem (36 pt): the last line of text ends above it, and on a page
    // taller than 16:9 not much further up than a card's own padding.
    expect(found.filter((page) => page.lowest > page.height - 30)).toEqual([]);
    expect(found.filter((page) => page.height > 540 && page.lowest < page.height - 90)).toEqual([]);
  });

  it.each(pages.map((slide, index) => [index + 1, slide.path] as const))(
    'page %i (%s) carries its heading and every spec figure, and none of its controls',
    (number, path) => {
      const slide = pages[number - 1]!;
      const text = pageText(number);
      expect(letters(text)).toContain(letters(slide.title));
      const figures = SPEC_FIGURES[path] ?? [];
      expect(figures.length).toBeGreaterThan(0);
      expect(figures.filter((figure) => !text.includes(folded(figure)))).toEqual([]);
      expect((SPEC_CONTROLS[path] ?? []).filter((label) => text.includes(label))).toEqual([]);
    },
  );

  it('prints no sample value: each setting still under samples reads as its stand-in or not at all', () => {
    const all = pages.map((_slide, index) => pageText(index + 1)).join('\n');
    const shown = shownSettings(settings);
    const read = (from: object, path: string) => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], from);
    // The company's name has no stand-in: the deck's own title, kept until it is replaced.
    const replaced = (settings.samples ?? []).filter((path) => read(settings, path) !== read(shown, path));
    expect(replaced.filter((path) => all.includes(folded(String(read(settings, path)))))).toEqual([]);
  });

  it('no page carries the header, the bottom bar, the zoom controls or a toast', () => {
    const all = pages.map((_slide, index) => pageText(index + 1)).join('\n');
    expect(all).not.toMatch(new RegExp(`\\b\\d+ / ${deck.length}\\b`));
    expect(all).not.toMatch(/\bA- ?100 ?% ?A\+/);
    for (const chrome of ['Skip to content', 'Previous']) expect(all).not.toContain(chrome);
  });

  it('has one bookmark per page, titled with its slide label and pointing at its page', async () => {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const outlines = doc.catalog.lookup(PDFName.of('Outlines'), PDFDict);
    const pageRefs = doc.getPages().map((page) => page.ref);
    const entries: { title: string; page: number }[] = [];
    for (let ref = outlines.get(PDFName.of('First')); ref instanceof PDFRef; ) {
      const entry = doc.context.lookup(ref, PDFDict);
      const title = entry.lookup(PDFName.of('Title'));
      const dest = entry.lookup(PDFName.of('Dest'), PDFArray);
      entries.push({
        title: title instanceof PDFHexString || title instanceof PDFString ? title.decodeText() : String(title),
        page: pageRefs.indexOf(dest.get(0) as PDFRef) + 1,
      });
      ref = entry.get(PDFName.of('Next'));
    }
    expect(entries).toEqual(pages.map((slide, index) => ({ title: slide.label, page: index + 1 })));
  });

  it("keeps links: slide-to-slide links jump to their slide's page inside the PDF, outside addresses stay URIs", async () => {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const pageRefs = doc.getPages().map((page) => page.ref);
    const pageOf = (dest: PDFArray) => pageRefs.indexOf(dest.get(0) as PDFRef) + 1;
    // Chromium names each link's target (`/Dest /slide-market`) in the catalog's Dests dictionary.
    const named = doc.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
    const jumps: { name: string; page: number }[] = [];
    const uris: string[] = [];
    for (const page of doc.getPages()) {
      const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      for (let i = 0; i < (annots?.size() ?? 0); i++) {
        const link = annots!.lookup(i, PDFDict);
        const dest = link.get(PDFName.of('Dest'));
        if (dest instanceof PDFName) {
          const target = named?.lookup(dest);
          const array = target instanceof PDFDict ? target.lookup(PDFName.of('D'), PDFArray) : (target as PDFArray);
          jumps.push({ name: dest.decodeText(), page: pageOf(array) });
        }
        const uri = link.lookupMaybe(PDFName.of('A'), PDFDict)?.lookup(PDFName.of('URI'));
        if (uri instanceof PDFString || uri instanceof PDFHexString) uris.push(uri.decodeText());
      }
    }
    expect(jumps.length).toBeGreaterThan(0);
    const pageOfAnchor = new Map(pages.map((slide, index) => [slideAnchor(slide), index + 1]));
    expect(jumps.filter((jump) => pageOfAnchor.get(jump.name) !== jump.page)).toEqual([]);
    // Every outside address the slides link to (none while the website and the phone are samples) stays a URI, and nothing else is one.
    const outside = pages.flatMap((slide) => {
      const html = readFileSync(join(root, 'dist', htmlFileFor(slide.path)), 'utf8');
      return [...slideMarkup(html, slide.path).matchAll(/\shref="([a-z][a-z\d+.-]*:[^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    });
    expect([...new Set(uris)].sort()).toEqual([...new Set(outside)].sort());
    expect(uris.filter((uri) => uri.includes('127.0.0.1'))).toEqual([]);
  });

  it('prints no buttons: nothing on paper invites a click that cannot work', () => {
    const text = execFileSync('pdftotext', ['-layout', copy, '-'], { encoding: 'utf8' });
    for (const label of ['View Presentation', 'Schedule a Consultation', 'Explore the core AI technology']) expect(text).not.toContain(label);
    // The cover's words around the button are still there.
    expect(text).toContain('The Reverse Mortgage Ecosystem');
  });

  it('embeds every font', () => {
    const rows = execFileSync('pdffonts', [copy], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(rows.length).toBeGreaterThan(0);
    // Columns: name type encoding emb sub uni object ID; the type may hold spaces, so read from the end.
    expect(rows.filter((row) => row.trim().split(/\s+/).at(-5) !== 'yes')).toEqual([]);
  });

  it('gives the same bytes for the same input', () => {
    const again = runExport();
    expect(again.status).toBe(0);
    expect(sha256(readFileSync(pdfFile))).toBe(sha256(bytes));
  }, 120_000);

  it('without a build it says to build', async () => {
    await expect(exportDeck(root, join(work, 'no-dist'))).rejects.toThrow(/holds no built deck: run npm run build/);
  });

  it('without chromium it says how to install it and leaves dist/deck.pdf as it was; under npm start the platform still starts', async () => {
    const before = sha256(readFileSync(pdfFile));
    const withoutChromium = (lifecycle: string) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const env = { ...process.env, CHROMIUM_PATH: join(work, 'no-chromium'), npm_lifecycle_event: lifecycle };
        const child = spawn(process.execPath, [tsx, 'scripts/export.ts', '--no-build'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.once('close', (status) => resolve({ status, stderr }));
      });
    // Both at once: each is mostly tsx starting up.
    const [alone, underStart] = await Promise.all([withoutChromium('export'), withoutChromium('start')]);
    expect(alone.status).toBe(1);
    expect(alone.stderr).toContain('apt-get install chromium');
    expect(alone.stderr).toContain('dist/deck.pdf was left as it was');
    expect(underStart.status).toBe(0);
    expect(underStart.stderr).toContain('apt-get install chromium');
    expect(underStart.stderr).toContain('the platform starts without a PDF to download');
    expect(sha256(readFileSync(pdfFile))).toBe(before);
  }, 60_000);
});
