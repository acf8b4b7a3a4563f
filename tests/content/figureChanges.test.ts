// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleDeck } from '../../src/content/assembleDeck.ts';
import { diffLedgers, formatFigureChanges, pagesAffected } from '../../src/content/ledgerDiff.ts';
import { emptySnapshot, ledgerSnapshot } from '../../src/content/ledgerSnapshot.ts';
import { reportFigureChanges, sinceRef } from '../../src/content/reportFigureChanges.ts';
import { realDeckSources } from '../fixtures/deckFixture.ts';

const root = process.cwd();
const sources = realDeckSources();
const snapshotOf = (figures: string, slides = sources.slides) =>
  ledgerSnapshot(assembleDeck({ ...sources, figures: { ...sources.figures, text: figures }, slides }).content!);
/** The ledger with one figure's source and as-of date given. */
const sourced = (text: string, id: string, source: string, asOf: string) =>
  text.replace(
    new RegExp(`(  ${id.replace('.', '\\.')}:\\n(?:    .*\\n)*?)    source: to be supplied\\n    asOf: to be supplied`),
    `$1    source: ${source}\n    asOf: '${asOf}'`,
  );

describe('the ledger snapshot the build gives the server', () => {
  const snapshot = snapshotOf(sources.figures.text);

  it('has every figure with its value, text, pages and sources (null while to be supplied)', () => {
    expect(Object.keys(snapshot.figures)).toHaveLength(68);
    expect(snapshot.figures['market.homeEquity']).toEqual({
      label: 'Home equity',
      value: { kind: 'usd', low: 13.95e12, high: 13.95e12 },
      text: '$13.95T',
      source: null,
      asOf: null,
      pages: ['/executivesummary', '/market'],
    });
  });

  it('has every page with its figures and a fingerprint of its words that a ledger edit leaves alone', () => {
    expect(Object.keys(snapshot.pages)).toHaveLength(18);
    expect(snapshot.pages['/market']).toMatchObject({ name: 'Market', label: 'Market', order: 4 });
    expect(snapshot.pages['/market']!.figures).toContain('market.homeEquity');
    expect(snapshot.pages['/market']!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const edited = snapshotOf(sources.figures.text.replace('usd: 13950000000000', 'usd: 13960000000000'));
    expect(edited.pages['/market']!.fingerprint).toBe(snapshot.pages['/market']!.fingerprint);
    const reworded = sources.slides.map((slide) =>
      slide.file === 'slides/market.mdx' ? { ...slide, text: slide.text.replace('The team', 'Our team') } : slide,
    );
    const words = snapshotOf(sources.figures.text, reworded);
    expect(words.pages['/market']!.fingerprint).not.toBe(snapshot.pages['/market']!.fingerprint);
    expect(words.pages['/problem']!.fingerprint).toBe(snapshot.pages['/problem']!.fingerprint);
  });

  it('names no partner', () => {
    const { content } = assembleDeck(sources);
    expect(JSON.stringify(snapshot)).not.toContain(content!.settings.partner.name);
    expect(JSON.stringify(snapshot)).not.toContain(content!.settings.partner.licence);
  });
});

describe('diffLedgers (pure)', () => {
  const before = snapshotOf(sources.figures.text);

  it('lists each changed figure old → new with the pages that show it, nothing for an unchanged ledger', () => {
    expect(diffLedgers(before, before)).toEqual([]);
    const after = snapshotOf(
      sourced(sources.figures.text.replace('usd: 13950000000000', 'usd: 13960000000000'), 'market.untappedEquity', 'Survey (test)', '2025-06'),
    );
    const changes = diffLedgers(before, after);
    expect(changes).toEqual([
      {
        id: 'market.homeEquity',
        label: 'Home equity',
        change: 'changed',
        parts: ['value'],
        before: { text: '$13.95T', source: null, asOf: null, label: 'Home equity' },
        after: { text: '$13.96T', source: null, asOf: null, label: 'Home equity' },
        pages: ['/executivesummary', '/market'],
      },
      expect.objectContaining({ id: 'market.untappedEquity', parts: ['source', 'asOf'], pages: ['/market'] }),
    ]);
    expect(pagesAffected(changes)).toEqual(['/executivesummary', '/market']);
    expect(formatFigureChanges(changes, (path) => after.pages[path]!.label)).toEqual([
      '- `market.homeEquity` (Home equity): $13.95T → $13.96T; shown on Executive Summary (/executivesummary), Market (/market)',
      '- `market.untappedEquity` (Untapped equity): source to be supplied → Survey (test); as of to be supplied → 2025-06; shown on Market (/market)',
    ]);
  });

  it('lists added and removed figures', () => {
    const changes = diffLedgers(emptySnapshot(), before);
    expect(changes).toHaveLength(68);
    expect(changes.every((change) => change.change === 'added')).toBe(true);
    expect(diffLedgers(before, emptySnapshot()).map((change) => change.change)).toEqual(Array(68).fill('removed'));
  });
});

// What `npm run check -- --since REF` lists, from its own code in this process against a real git
// repository (the command runs end to end in tests/commands/contentCommands.test.ts).
describe('the figure changes since a commit, on a temporary git repository', () => {
  let repo: string;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const check = (cwd: string, ref: string) => {
    const printed = { stdout: [] as string[], stderr: [] as string[] };
    const passed = reportFigureChanges(cwd, ref, {
      error: (line) => printed.stderr.push(line),
      warn: (line) => printed.stderr.push(line),
      log: (line) => printed.stdout.push(line),
    });
    return { status: passed ? 0 : 1, stdout: printed.stdout.join('\n'), stderr: printed.stderr.join('\n') };
  };
  const listing = (stdout: string) => stdout.slice(stdout.indexOf('Figure changes since'));
  const commit = (message: string) => {
    git('add', '-A');
    git('-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-q', '-m', message);
    return git('rev-parse', '--short=7', 'HEAD').trim();
  };

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'deck-since-'));
    git('init', '-q');
    for (const entry of ['slides', 'public']) cpSync(join(root, entry), join(repo, entry), { recursive: true });
    // A commit from before the ledger: its slides as they were (no figures.yaml).
    rmSync(join(repo, 'slides/figures.yaml'));
    commit('before the ledger');
    cpSync(join(root, 'slides'), join(repo, 'slides'), { recursive: true });
    commit('the ledger');
    const ledger = join(repo, 'slides/figures.yaml');
    let text = readFileSync(ledger, 'utf8').replace('usd: 13950000000000', 'usd: 13960000000000');
    text = sourced(text, 'hecm.limit2025', 'HUD Mortgagee Letter (test)', '2024-12-01');
    writeFileSync(ledger, text);
    commit('new figures');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('lists every figure whose value, source or date changed since that commit, with its pages', () => {
    const head = git('rev-parse', '--short=7', 'HEAD~1').trim();
    const run = check(repo, 'HEAD~1');
    expect(run.status).toBe(0);
    expect(listing(run.stdout).trim().split('\n')).toEqual([
      `Figure changes since HEAD~1 (${head}): 2`,
      '- `market.homeEquity` (Home equity): $13.95T → $13.96T; shown on Executive Summary (/executivesummary), Market (/market)',
      '- `hecm.limit2025` (2025 HECM limit): source to be supplied → HUD Mortgagee Letter (test); as of to be supplied → 2024-12-01; shown on HECM.AI (/hecmai), Reverse TPO (/reversetpo), RM News (/reversemortgagenews)',
    ]);
  }, 60_000);

  it('says so when nothing changed, and when the ledger is new at that commit', () => {
    const [none, fresh] = [check(repo, 'HEAD'), check(repo, 'HEAD~2')];
    expect(listing(none.stdout).trim()).toBe(`Figure changes since HEAD (${git('rev-parse', '--short=7', 'HEAD').trim()}): none.`);
    expect(listing(fresh.stdout).trim()).toBe(
      `Figure changes since HEAD~2 (${git('rev-parse', '--short=7', 'HEAD~2').trim()}): the figures ledger is new, 68 figures.`,
    );
  }, 60_000);

  it('on a shallow clone says why and fails; --since without a ref is refused', () => {
    const shallow = mkdtempSync(join(tmpdir(), 'deck-shallow-'));
    try {
      execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo}`, shallow], { stdio: 'ignore' });
      const run = check(shallow, 'HEAD~1');
      expect(run.stderr).toContain('Figure changes since HEAD~1: HEAD~1 is not a commit of this repository (a shallow clone has only its last commits).');
      expect(run.status).toBe(1);
      for (const argv of [['--since'], ['--since', '--release'], ['--since=']]) {
        expect(() => sinceRef(argv), argv.join(' ')).toThrow('--since needs a git ref: npm run check -- --since main');
      }
      expect(sinceRef(['--since=main'])).toBe('main');
      expect(sinceRef(['--release'])).toBeUndefined();
    } finally {
      rmSync(shallow, { recursive: true, force: true });
    }
  }, 60_000);
});
