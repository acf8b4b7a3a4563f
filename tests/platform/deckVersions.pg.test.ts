import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIGURES_FILE, LEDGER_FORMAT, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { NOTES_DIR } from '../../schemas/presentingPaths.ts';
import { VERSIONS_CALL } from '../../schemas/versionEntity.ts';
import { VERSION_CHANGES_FUNCTION, type DeckVersionList } from '../../schemas/versionPaths.ts';
import type { DatabaseLocation } from '../../src/platform/db/db.ts';
import { listVersions, recordVersion } from '../../src/platform/records/deckVersions.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { dropTestDatabase, postgresBase, testDatabase } from './testDatabase.ts';
import { ALPHA, BETA, expectOnlyOwn, twoPartners } from './twoPartners.ts';
import { openPlatformDatabase } from '../../src/platform/platformSchema.ts';

// The platform records a version each time it starts on content that differs from the
// last recorded one; admins list them with their differences; a returning viewer asks what changed.

const work = mkdtempSync(join(tmpdir(), 'versions-'));
const staticDir = join(work, 'dist');
mkdirSync(staticDir, { recursive: true });
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Deck</title>');
mkdirSync(join(work, NOTES_DIR), { recursive: true });

/** A build's ledger: the home-equity figure on two pages, households on one. */
function ledger({ homeEquity = '$13.95T', marketWords = 'a', summaryWords = 'b' } = {}): LedgerSnapshot {
  const figure = (label: string, text: string, pages: string[]) => ({
    label,
    value: { kind: 'count', n: text } as never,
    text,
    source: null,
    asOf: null,
    pages,
  });
  return {
    format: LEDGER_FORMAT,
    figures: {
      'market.homeEquity': figure('Home equity held by seniors', homeEquity, ['/', '/market']),
      'market.households': figure('Senior households', '30M+', ['/market']),
    },
    pages: {
      '/': { name: 'Executive summary', label: 'Summary', order: 1, fingerprint: summaryWords, figures: ['market.homeEquity'] },
      '/market': { name: 'Market', label: 'Market', order: 2, fingerprint: marketWords, figures: ['market.homeEquity', 'market.households'] },
    },
  };
}

/** "The build" writes its ledger beside dist/, as stagedBuild.ts does. */
const build = (content: LedgerSnapshot) => writeFileSync(join(work, NOTES_DIR, FIGURES_FILE), JSON.stringify(content));

const locations: DatabaseLocation[] = [];
/** One database, kept across restarts: a data folder on PGlite, a database on the Postgres server. */
async function lastingDatabase(): Promise<DatabaseLocation> {
  const location = postgresBase() ? await testDatabase() : { dataDir: mkdtempSync(join(work, 'data-')) };
  locations.push(location);
  return location;
}
const start = (location: DatabaseLocation) =>
  startTestPlatform('private_with_login', { staticDir, ...('url' in location ? { databaseUrl: location.url } : location) });

afterAll(async () => {
  for (const location of locations) await dropTestDatabase(location);
  rmSync(work, { recursive: true, force: true });
});

async function versionsOf(platform: TestPlatform, token = platform.serviceToken): Promise<DeckVersionList> {
  const reply = await platform.call('GET', VERSIONS_CALL, { token });
  expect(reply.status).toBe(200);
  return reply.body as DeckVersionList;
}

const view = (visit: string, path: string) => ({ visit_id: visit, path, ms: 4000, visit_started_at: new Date().toISOString(), device: 'desktop' });

describe('deck versions', () => {
  it('records a version when a restart serves different content, never for the same content, with figure and page differences', async () => {
    const location = await lastingDatabase();
    build(ledger());
    let platform = await start(location);
    const first = await versionsOf(platform);
    expect(first.versions).toHaveLength(1);
    expect(first.current).toBe(first.versions[0]!.id);
    expect(first.versions[0]!.figures).toEqual([]);
    await platform.close();

    platform = await start(location);
    expect((await versionsOf(platform)).versions).toHaveLength(1);
    await platform.close();

    build(ledger({ homeEquity: '$13.96T', marketWords: 'reworded' }));
    platform = await start(location);
    const second = await versionsOf(platform);
    expect(second.versions).toHaveLength(2);
    const [latest, earlier] = second.versions;
    expect(second.current).toBe(latest!.id);
    expect(Number(latest!.id)).toBeGreaterThan(Number(earlier!.id));
    expect(latest!.figures).toEqual([
      {
        id: 'market.homeEquity',
        label: 'Home equity held by seniors',
        change: 'changed',
        was: '$13.95T',
        now: '$13.96T',
        parts: ['value'],
        pages: ['/', '/market'],
      },
    ]);
    expect(latest!.pages).toEqual([{ path: '/market', name: 'Market', change: 'changed' }]);
    expect(platform.logs.some((line) => line.includes(`[versions] serving new version ${latest!.id}`))).toBe(true);
    await platform.close();
  }, 120_000);

  it('keeps ten versions and more in the order they were recorded, and records none again for the same content', async () => {
    // Ids are numbers: as text, "9" sorts after "10" (the last version was then taken to be the 9th,
    // so every restart past nine versions recorded the same content again, and the list was out of order).
    const location = await testDatabase();
    locations.push(location);
    const db = await openPlatformDatabase(location);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const recorded = await recordVersion(db, 'many-versions', ledger({ homeEquity: `$${i}.00T` }));
        expect(recorded.created).toBe(true);
        ids.push(recorded.id);
      }
      expect(await recordVersion(db, 'many-versions', ledger({ homeEquity: '$11.00T' }))).toEqual({ id: ids.at(-1), created: false });
      const listed = await listVersions(db, 'many-versions', ids.at(-1)!);
      expect(listed.versions.map((version) => version.id)).toEqual([...ids].reverse());
      // Each version's differences are against the one recorded just before it.
      expect(listed.versions.map((version) => version.figures[0]?.was ?? null)).toEqual([...Array.from({ length: 11 }, (_, i) => `$${10 - i}.00T`), null]);
      // Listed again, from the changes the first listing kept: the same.
      expect(await listVersions(db, 'many-versions', ids.at(-1)!)).toEqual(listed);
    } finally {
      await db.close();
    }
  });

  it('lets only admins read versions and set a short note; bad notes are 400s naming the field', async () => {
    build(ledger({ homeEquity: '$1.00T' }));
    const platform = await startTestPlatform('private_with_login', { staticDir });
    try {
      const admin = await platform.login(ADMIN.email, ADMIN.password);
      const viewer = await registeredUser(platform, 'reader@lender.example');
      const { versions } = await versionsOf(platform, admin);
      const id = versions[0]!.id;
      const anonymous = await platform.call('GET', VERSIONS_CALL);
      expect([401, 403]).toContain(anonymous.status);
      expect(anonymous.body.versions).toBeUndefined();
      expect((await platform.call('GET', VERSIONS_CALL, { token: viewer })).status).toBe(403);
      expect((await platform.call('PUT', `${VERSIONS_CALL}/${id}`, { token: viewer, body: { note: 'mine' } })).status).toBe(403);
      expect((await platform.call('POST', VERSIONS_CALL, { token: admin, body: {} })).status).toBe(405);
      expect((await platform.call('DELETE', `${VERSIONS_CALL}/${id}`, { token: admin })).status).toBe(405);

      const tooLong = await platform.call('PUT', `${VERSIONS_CALL}/${id}`, { token: admin, body: { note: 'x'.repeat(121) } });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.detail).toMatch(/^note: /);
      const stray = await platform.call('PUT', `${VERSIONS_CALL}/${id}`, { token: admin, body: { note: 'ok', at: 'now' } });
      expect(stray.status).toBe(400);
      expect(stray.body.detail).toMatch(/^at: /);
      expect((await platform.call('PUT', `${VERSIONS_CALL}/99999`, { token: admin, body: { note: 'x' } })).status).toBe(404);
      expect((await platform.call('PUT', `${VERSIONS_CALL}/abc`, { token: admin, body: { note: 'x' } })).status).toBe(404);

      const set = await platform.call('PUT', `${VERSIONS_CALL}/${id}`, { token: admin, body: { note: '  Q3 figures ' } });
      expect(set.status).toBe(200);
      expect((await versionsOf(platform, admin)).versions[0]!.note).toBe('Q3 figures');
      const audit = await platform.call('GET', '/audit-log?action=version_note_set', { token: admin });
      expect(audit.body.map((entry: { target: string }) => entry.target)).toEqual([`DeckVersion ${id}`]);
      await platform.call('PUT', `${VERSIONS_CALL}/${id}`, { token: admin, body: { note: null } });
      expect((await versionsOf(platform, admin)).versions[0]!.note).toBeNull();
    } finally {
      await platform.close();
    }
  });

  it('has no versions without a ledger, and view records then carry none', async () => {
    const platform = await startTestPlatform('private_with_login', { staticDir: join(tmpdir(), 'no-such-deck') });
    try {
      expect(await versionsOf(platform)).toEqual({ current: null, versions: [] });
      const viewer = await registeredUser(platform, 'early@lender.example');
      const record = await platform.call('POST', '/entities/SlideView', { token: viewer, body: view('visit-0000001', '/') });
      expect(record.status).toBe(200);
      expect(record.body.version_id).toBeUndefined();
      expect((await platform.call('POST', `/functions/${VERSION_CHANGES_FUNCTION}`, { token: viewer, body: { visit_id: 'visit-0000002' } })).body).toEqual({});
    } finally {
      await platform.close();
    }
  });

  it('tells each of two partners what changed since their own last visit, once, and marks the pages each has not seen', async () => {
    const location = await lastingDatabase();
    build(ledger());
    let platform = await start(location);
    const [alpha, beta] = await twoPartners(platform);
    const changes = (token: string, visit: string) => platform.call('POST', `/functions/${VERSION_CHANGES_FUNCTION}`, { token, body: { visit_id: visit } });
    // A first visit: nothing to tell.
    expect((await changes(alpha.token, 'visit-first-1')).body).toEqual({});
    const stamped = await platform.call('POST', '/entities/SlideView/bulk', {
      token: alpha.token,
      body: [view('visit-first-1', '/'), view('visit-first-1', '/market')],
    });
    expect(stamped.status).toBe(200);
    const firstVersion = (await versionsOf(platform)).current;
    expect(stamped.body.map((record: { version_id: string }) => record.version_id)).toEqual([firstVersion, firstVersion]);
    // A forged version is refused: only the platform says which version it served.
    const forged = await platform.call('POST', '/entities/SlideView', { token: alpha.token, body: { ...view('visit-first-1', '/'), version_id: '999' } });
    expect(forged.status).toBe(400);
    // Bo, at another company, read the cover only, later.
    expect((await platform.call('POST', '/entities/SlideView', { token: beta.token, body: view('visit-beta-01', '/') })).status).toBe(200);
    const betaSeen = (await platform.db.query<{ at: string }>(`SELECT data->>'created_date' AS at FROM entities WHERE data->>'created_by' = $1`, [BETA.email]))
      .rows[0]!.at;
    await platform.close();

    build(ledger({ homeEquity: '$13.96T' }));
    platform = await start(location);
    const again = await platform.login(ALPHA.email, ALPHA.password);
    const bo = await platform.login(BETA.email, BETA.password);
    const bad = await changes(again, 'x');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^visit_id: /);

    const told = (await changes(again, 'visit-second-2')).body;
    expect(told.notice).toBe(true);
    expect(Date.parse(told.since)).toBeLessThan(Date.parse(betaSeen));
    expect(told.figures).toEqual([
      {
        id: 'market.homeEquity',
        label: 'Home equity held by seniors',
        was: '$13.95T',
        now: '$13.96T',
        pages: [
          { path: '/', name: 'Executive summary' },
          { path: '/market', name: 'Market' },
        ],
      },
    ]);
    expect(told.marks).toEqual({ '/': { 'market.homeEquity': '$13.95T' }, '/market': { 'market.homeEquity': '$13.95T' } });
    // The same visit asking again (a reload) after its records are in: still told.
    await platform.call('POST', '/entities/SlideView', { token: again, body: view('visit-second-2', '/market') });
    expect((await changes(again, 'visit-second-2')).body.notice).toBe(true);

    // The next visit: no notice; only the page not yet seen at this version stays marked.
    const next = (await changes(again, 'visit-third-03')).body;
    expect(next.notice).toBe(false);
    expect(next.marks).toEqual({ '/': { 'market.homeEquity': '$13.95T' } });

    // Bo is told of his own last visit, whatever Ann has seen since: his notice, both pages marked.
    const boTold = (await changes(bo, 'visit-beta-02')).body;
    expect(boTold.notice, "Bo's first visit at the new version is told, though Ann has visited it").toBe(true);
    expect(boTold.since, "the changes since Bo's own last visit, not Ann's").toBe(new Date(betaSeen).toISOString());
    expect(boTold.marks, "the pages Bo has not seen at this version (Ann's /market visit is hers)").toEqual({
      '/': { 'market.homeEquity': '$13.95T' },
      '/market': { 'market.homeEquity': '$13.95T' },
    });
    expectOnlyOwn(JSON.stringify(boTold), BETA, 'the changes');

    // Another viewer, on their first visit, is told nothing (and never of the partners' visits).
    const other = await registeredUser(platform, 'other@gamma.example');
    expect((await changes(other, 'visit-other-1')).body).toEqual({});
    await platform.close();
  }, 120_000);

  it.skipIf(!postgresBase())('records one version when several processes start at once on one Postgres database', async () => {
    const location = await lastingDatabase();
    build(ledger({ homeEquity: '$2.00T' }));
    const platforms = await Promise.all([start(location), start(location), start(location)]);
    try {
      const lists = await Promise.all(platforms.map((platform) => versionsOf(platform)));
      expect(lists[0]!.versions).toHaveLength(1);
      expect(new Set(lists.map((list) => list.current))).toEqual(new Set([lists[0]!.versions[0]!.id]));
    } finally {
      await Promise.all(platforms.map((platform) => platform.close()));
    }
  });
});
