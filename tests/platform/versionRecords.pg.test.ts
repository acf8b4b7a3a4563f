import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { LEDGER_FORMAT, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import type { DatabaseLocation, Db, Queryable } from '../../src/platform/db/db.ts';
import { openPlatformDatabase } from '../../src/platform/platformSchema.ts';
import { contentHash, listVersions, recordVersion, setVersionNote, versionLedger, viewerChanges } from '../../src/platform/records/deckVersions.ts';
import { createRecord } from '../../src/platform/records/entitiesStore.ts';
import { dropTestDatabase, testDatabase } from './testDatabase.ts';

// Deck versions straight in a database of this run's engine: the hash that names a content, the
// version ids the routes pass on, the list and what it reads again, and what a returning viewer is
// told. (deckVersions.pg.test.ts drives the same through restarts of a platform.)

let location: DatabaseLocation;
let db: Db;

beforeAll(async () => {
  location = await testDatabase();
  db = await openPlatformDatabase(location);
}, 60_000);
afterAll(async () => {
  await db?.close();
  await dropTestDatabase(location);
});

let apps = 0;
/** An app of its own for each test: versions are per app. */
const newApp = () => `versions-app-${++apps}`;

/** A ledger with `equity` as the home-equity figure (on the cover and /market) and `words` as the market page's. */
function ledger(equity: string, { words = 'market words', source = 'The Fed', households = false } = {}): LedgerSnapshot {
  const figure = (label: string, text: string, pages: string[], from = source) => ({
    label,
    value: { kind: 'count', n: text } as never,
    text,
    source: from,
    asOf: '2025-06',
    pages,
  });
  return {
    format: LEDGER_FORMAT,
    figures: {
      'market.homeEquity': figure('Home equity held by seniors', equity, ['/', '/market', '/gone']),
      ...(households ? { 'market.households': figure('Senior households', '30M+', ['/market']) } : {}),
    },
    pages: {
      '/': { name: 'Cover', label: 'Cover', order: 1, fingerprint: 'cover words', figures: ['market.homeEquity'] },
      '/market': { name: 'Market', label: 'Market', order: 2, fingerprint: words, figures: ['market.homeEquity'] },
    },
  };
}

/** Counts the queries `db` is asked while `act` runs. */
async function queriesDuring(act: (counted: Queryable) => Promise<unknown>): Promise<number> {
  let count = 0;
  const counted: Queryable = {
    query: (...args: Parameters<Queryable['query']>) => {
      count += 1;
      return db.query(...args);
    },
  } as Queryable;
  await act(counted);
  return count;
}

describe('the hash that names a content', () => {
  it('is the SHA-256 of the figures and pages as JSON with every key in code unit order, as every recorded version was hashed', () => {
    const content: LedgerSnapshot = {
      format: LEDGER_FORMAT,
      pages: {
        '/b': { name: 'B', label: 'B', order: 2, fingerprint: 'f', figures: [] },
        '/a': { name: 'A', label: 'A', order: 1, fingerprint: 'e', figures: [] },
      },
      figures: {},
    };
    const expected =
      '{"figures":{},"pages":{"/a":{"figures":[],"fingerprint":"e","label":"A","name":"A","order":1},"/b":{"figures":[],"fingerprint":"f","label":"B","name":"B","order":2}}}';
    expect(contentHash(content)).toBe(createHash('sha256').update(expected).digest('hex'));
  });
});

describe('version ids', () => {
  it('past nine are read and noted like the first; an id that is not a number is no version, and never reaches the database', async () => {
    const app = newApp();
    const ids: string[] = [];
    for (let n = 1; n <= 11; n += 1) ids.push((await recordVersion(db, app, ledger(`$${n}T`))).id);
    const eleventh = ids.at(-1)!;
    expect(eleventh.length, 'a version id of two digits').toBeGreaterThan(1);
    expect((await versionLedger(db, app, eleventh))?.ledger.figures['market.homeEquity']?.text).toBe('$11T');
    expect(await setVersionNote(db, app, eleventh, 'Q3 figures')).toBe(true);
    expect((await versionLedger(db, app, eleventh))?.note).toBe('Q3 figures');
    for (const bad of ['abc', `${eleventh}x`, `x${eleventh}`, '1234567890123456789', '']) {
      expect(await versionLedger(db, app, bad), bad).toBeNull();
      expect(await setVersionNote(db, app, bad, 'no'), bad).toBe(false);
    }
    expect(await versionLedger(db, 'another-app', eleventh), "another app's version").toBeNull();
    expect(await setVersionNote(db, 'another-app', eleventh, 'no')).toBe(false);
  });
});

describe('the list of versions', () => {
  it('starts with a baseline that changed nothing, and lists each later one against the one before', async () => {
    const app = newApp();
    await recordVersion(db, app, ledger('$13.95T'));
    await recordVersion(db, app, ledger('$13.96T', { words: 'new market words' }));
    const { versions } = await listVersions(db, app, null);
    expect(versions.map((version) => [version.figures.map((figure) => figure.id), version.pages.map((page) => page.path)])).toEqual([
      [['market.homeEquity'], ['/market']],
      [[], []],
    ]);
  });

  it('reads the ledgers once: listing again reads only the list, and a new version reads its pair', async () => {
    const app = newApp();
    for (const equity of ['$1.1T', '$1.2T', '$1.3T', '$1.4T']) await recordVersion(db, app, ledger(equity));
    const first = await listVersions(db, app, null);
    expect(first.versions).toHaveLength(4);
    expect(await queriesDuring((counted) => listVersions(counted, app, null)), 'a second listing').toBe(1);
    await recordVersion(db, app, ledger('$1.5T'));
    expect(await queriesDuring((counted) => listVersions(counted, app, null)), 'a listing after a new version').toBe(2);
    expect((await listVersions(db, app, null)).versions[0]!.figures[0]).toMatchObject({ was: '$1.4T', now: '$1.5T' });
  });
});

describe('what a returning viewer is told', () => {
  /** A viewer's time on `path` in `visit` at `version`, stored as the platform stores it. */
  const viewed = (app: string, viewer: string, visit: string, path: string, version: string) =>
    createRecord(db, app, ENGAGEMENT_ENTITY.view, { visit_id: visit, path, ms: 4000, version_id: version }, { email: `${viewer}@lender.example`, id: viewer });

  it('names the new version’s note, and every page a moved figure is on, by name where the deck still has the page', async () => {
    const app = newApp();
    const old = await recordVersion(db, app, ledger('$13.95T'));
    await viewed(app, 'ann', 'visit-1', '/market', old.id);
    const now = await recordVersion(db, app, ledger('$13.96T'));
    await setVersionNote(db, app, now.id, 'Updated to the Q3 figures');
    const told = await viewerChanges(db, app, 'ann', { id: now.id, ledger: ledger('$13.96T') }, 'visit-2');
    expect(told).toMatchObject({ notice: true, note: 'Updated to the Q3 figures' });
    expect(told.figures).toEqual([
      {
        id: 'market.homeEquity',
        label: 'Home equity held by seniors',
        was: '$13.95T',
        now: '$13.96T',
        pages: [
          { path: '/', name: 'Cover' },
          { path: '/market', name: 'Market' },
          { path: '/gone', name: '/gone' },
        ],
      },
    ]);
  });

  it('tells nothing when no figure’s value moved: a source changed, a figure added, words changed', async () => {
    const app = newApp();
    const old = await recordVersion(db, app, ledger('$13.95T'));
    await viewed(app, 'bo', 'visit-1', '/market', old.id);
    const changed = ledger('$13.95T', { words: 'other words', source: 'Another source', households: true });
    const now = await recordVersion(db, app, changed);
    expect(await viewerChanges(db, app, 'bo', { id: now.id, ledger: changed }, 'visit-2')).toEqual({});
  });

  it('tells nothing when the version a viewer last saw is not in the database (removed by hand, or another database restored)', async () => {
    const app = newApp();
    const now = await recordVersion(db, app, ledger('$13.96T'));
    await viewed(app, 'cy', 'visit-1', '/market', '0');
    expect(await viewerChanges(db, app, 'cy', { id: now.id, ledger: ledger('$13.96T') }, 'visit-2')).toEqual({});
  });

  it('has no note to name when the version served is not recorded in this database', async () => {
    const app = newApp();
    const old = await recordVersion(db, app, ledger('$13.95T'));
    await viewed(app, 'di', 'visit-1', '/market', old.id);
    const unrecorded = String(Number(old.id) + 1000);
    const told = await viewerChanges(db, app, 'di', { id: unrecorded, ledger: ledger('$13.96T') }, 'visit-2');
    expect(told).toMatchObject({ notice: true, note: null });
    expect(told.figures?.map((figure) => figure.now)).toEqual(['$13.96T']);
  });
});
