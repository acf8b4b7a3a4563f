import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIGURES_FILE, LEDGER_FORMAT, type LedgerPageRecord, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { NOTES_DIR } from '../../schemas/presentingPaths.ts';
import { contentHash, figureChanges, ledgerFileOf, pageChanges, readLedgerFile } from '../../src/platform/records/deckVersions.ts';

// What one version of the deck changed against the one before it, as the console's Versions section
// lists it: pure functions of two ledgers, and the ledger file the build leaves beside the deck.

const page = (name: string, order: number | null, fingerprint: string): LedgerPageRecord => ({ name, label: name, order, fingerprint, figures: [] });
const figure = (label: string, text: string, pages: string[]) => ({
  label,
  value: { kind: 'count', n: text } as never,
  text,
  source: 'A source',
  asOf: '2025-06',
  pages,
});

function ledger(pages: Record<string, LedgerPageRecord>, figures: LedgerSnapshot['figures'] = {}): LedgerSnapshot {
  return { format: LEDGER_FORMAT, figures, pages };
}

const BEFORE = ledger({
  '/': page('Cover', 1, 'cover words'),
  '/market': page('Market', 2, 'market words'),
  '/team': page('Team', 3, 'team words'),
});

describe('the pages a version changed', () => {
  it('lists a page taken out of the deck as removed', () => {
    const after = ledger({ '/': page('Cover', 1, 'cover words'), '/team': page('Team', 2, 'team words') });
    expect(pageChanges(BEFORE, after), 'the Versions section must name a page taken out of the deck (/market) as removed').toEqual([
      { path: '/market', name: 'Market', change: 'removed' },
    ]);
  });

  it('lists added, reworded and removed pages, in the new deck’s order with the removed ones last; a page that only moved is no change', () => {
    const after = ledger({
      '/team': page('Team', 1, 'team words'),
      '/': page('Cover', 2, 'cover words, reworded'),
      '/contact': page('Contact', 3, 'contact words'),
    });
    expect(pageChanges(BEFORE, after)).toEqual([
      { path: '/', name: 'Cover', change: 'changed' },
      { path: '/contact', name: 'Contact', change: 'added' },
      { path: '/market', name: 'Market', change: 'removed' },
    ]);
    expect(pageChanges(BEFORE, BEFORE)).toEqual([]);
    // Every page of a first version is new, and every page of an emptied deck is gone.
    expect(pageChanges(ledger({}), BEFORE).map((change) => change.change)).toEqual(['added', 'added', 'added']);
    expect(pageChanges(BEFORE, ledger({})).map((change) => `${change.change} ${change.path}`)).toEqual(['removed /', 'removed /market', 'removed /team']);
  });
});

describe('the figures a version changed', () => {
  it('compares values, not the order jsonb gave the keys back in', () => {
    const homeEquity = figure('Home equity', '$13.95T', ['/market']);
    const reordered = Object.fromEntries(Object.entries(homeEquity).reverse()) as typeof homeEquity;
    const before = ledger({}, { 'market.homeEquity': homeEquity });
    expect(figureChanges(before, ledger({}, { 'market.homeEquity': reordered }))).toEqual([]);
    expect(figureChanges(before, ledger({}, { 'market.homeEquity': { ...reordered, text: '$13.96T' } }))).toEqual([
      { id: 'market.homeEquity', label: 'Home equity', change: 'changed', was: '$13.95T', now: '$13.96T', parts: ['value'], pages: ['/market'] },
    ]);
    expect(figureChanges(before, ledger({}))).toEqual([
      { id: 'market.homeEquity', label: 'Home equity', change: 'removed', was: '$13.95T', now: null, parts: [], pages: ['/market'] },
    ]);
    expect(figureChanges(ledger({}), before)).toEqual([
      { id: 'market.homeEquity', label: 'Home equity', change: 'added', was: null, now: '$13.95T', parts: [], pages: ['/market'] },
    ]);
  });
});

describe('the content a version names', () => {
  it('is the same hash for the same figures and pages in any key order, and another for any other content', () => {
    const reordered = ledger(Object.fromEntries(Object.entries(BEFORE.pages).reverse()));
    expect(contentHash(reordered)).toBe(contentHash(BEFORE));
    expect(contentHash(BEFORE)).toMatch(/^[0-9a-f]{64}$/);
    const reworded = ledger({ ...BEFORE.pages, '/team': page('Team', 3, 'team words, reworded') });
    expect(contentHash(reworded)).not.toBe(contentHash(BEFORE));
    const withFigure = ledger(BEFORE.pages, { 'market.homeEquity': figure('Home equity', '$13.95T', ['/market']) });
    expect(contentHash(withFigure)).not.toBe(contentHash(BEFORE));
    // A list's order is content: the pages that show a figure are in deck order.
    const swapped = ledger(BEFORE.pages, { 'market.homeEquity': figure('Home equity', '$13.95T', ['/team', '/market']) });
    const inOrder = ledger(BEFORE.pages, { 'market.homeEquity': figure('Home equity', '$13.95T', ['/market', '/team']) });
    expect(contentHash(swapped)).not.toBe(contentHash(inOrder));
    // A missing value and a null one are the same content.
    const nullSource = ledger(BEFORE.pages, { 'market.homeEquity': { ...figure('Home equity', '$13.95T', []), source: null } });
    const noSource = ledger(BEFORE.pages, { 'market.homeEquity': { ...figure('Home equity', '$13.95T', []), source: undefined as never } });
    expect(contentHash(noSource)).toBe(contentHash(nullSource));
  });
});

describe('the ledger file the build leaves', () => {
  const work = mkdtempSync(join(tmpdir(), 'ledger-file-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('sits beside the served folder, never in it', () => {
    expect(ledgerFileOf(join(work, 'dist'))).toBe(join(work, NOTES_DIR, FIGURES_FILE));
  });

  it('is read whole; a missing one is no version, quietly; an unreadable or foreign one is no version, said in the log', async () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const file = join(work, 'figures.json');
    expect(await readLedgerFile(file, log)).toBeNull();
    expect(lines).toEqual([]);

    writeFileSync(file, JSON.stringify(BEFORE));
    expect(await readLedgerFile(file, log)).toEqual(BEFORE);
    expect(lines).toEqual([]);

    for (const text of [
      '{ not json',
      JSON.stringify({ ...BEFORE, format: 2 }),
      JSON.stringify({ format: LEDGER_FORMAT, pages: {} }),
      JSON.stringify({ format: LEDGER_FORMAT, figures: {} }),
      'null',
    ]) {
      writeFileSync(file, text);
      expect(await readLedgerFile(file, log), text).toBeNull();
      expect(lines.pop(), text).toBe(`[versions] ${file} is not a ledger of format ${LEDGER_FORMAT}; no version recorded`);
    }
    const folder = join(work, 'a-folder');
    mkdirSync(folder);
    expect(await readLedgerFile(folder, log)).toBeNull();
    expect(lines.pop()).toMatch(new RegExp(`^\\[versions\\] cannot read ${folder}: EISDIR`));
  });
});
