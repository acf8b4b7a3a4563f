// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_ENTITY, ENGAGEMENT_FUNCTION, type SlideViewRecord, type ViewTally } from '../../schemas/engagementPaths.ts';
import { summarizeEngagement } from '../../src/admin/engagement/engagement.ts';
import { bookOfRecords, bookOfTally, isViewTally } from '../../src/admin/engagement/viewTally.ts';
import { type Db, migrate, openDatabase, type Queryable } from '../../src/platform/db/db.ts';
import { viewTallyJson } from '../../src/platform/engagement/engagementTally.ts';
import { deleteMatching, deleteRecord, updateRecord } from '../../src/platform/records/entitiesStore.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { dropTestDatabase, emptyTestDatabase } from './testDatabase.ts';
import { sendSampleViews, sendViews, TALLY_SLIDES, viewFields, visitId } from './viewRecords.ts';
import { MIGRATIONS } from '../../src/platform/platformSchema.ts';

// The engagement tally (34,000 records in the console in under a second): the sums the
// database keeps as SlideView records are written (migration 7), read by the tally function; the
// same engagement as the console makes of the raw records, after every kind of write; who may call it.
let p: TestPlatform;
let ada: string;
let bob: string;
let admin: string;
const tallyPath = `/functions/${ENGAGEMENT_FUNCTION.tally}`;
const view = ENGAGEMENT_ENTITY.view;

const tally = async (): Promise<ViewTally> => JSON.parse(await viewTallyJson(p.db, p.appId)) as ViewTally;
const records = async (): Promise<SlideViewRecord[]> => {
  const reply = await p.call('GET', `/entities/${view}?sort=created_date&limit=5000`, { token: admin });
  expect(reply.status).toBe(200);
  return reply.body as SlideViewRecord[];
};
/** The engagement from the database's sums equals the one from the raw records. */
async function sumsAgree(): Promise<ViewTally> {
  const now = await tally();
  expect(summarizeEngagement(bookOfTally(now), TALLY_SLIDES)).toEqual(summarizeEngagement(bookOfRecords(await records()), TALLY_SLIDES));
  return now;
}

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  ada = await registeredUser(p, 'ada@lender.test', 'ada-password-1234');
  bob = await registeredUser(p, 'bob@lender.test', 'bob-password-1234');
  admin = await p.login(ADMIN.email, ADMIN.password);
  await sendSampleViews(p, ada, bob);
}, 60_000);
afterAll(async () => {
  await p?.close();
});

describe('the tally function', () => {
  it('answers an admin with the sums of every record: the same engagement the console makes of the raw records', async () => {
    const reply = await p.call('POST', tallyPath, { token: admin, body: {} });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(isViewTally(reply.body)).toBe(true);
    const answer = reply.body as ViewTally;
    expect(answer.records).toBe(8);
    expect(answer.viewers.map((viewer) => [viewer.email, viewer.cells.length, viewer.visits.length]).sort()).toEqual([
      ['ada@lender.test', 5, 2],
      ['bob@lender.test', 2, 1],
    ]);
    await sumsAgree();
    const adaRow = summarizeEngagement(bookOfTally(answer), TALLY_SLIDES).viewers.find((viewer) => viewer.email === 'ada@lender.test')!;
    expect(adaRow.msBySlide).toEqual([5000, 15000, 4000, 1000, 700]);
    // A visit's device is its newest record's.
    expect(adaRow.visits.map((visit) => [visit.id, visit.device, visit.ms])).toEqual([
      [visitId('a2'), 'desktop', 5700],
      [visitId('a1'), 'desktop', 20000],
    ]);
  });

  it('names the records just created, so their live news is not counted twice; none are recent an hour on', async () => {
    expect((await tally()).recent).toHaveLength(8);
    const later = JSON.parse(await viewTallyJson(p.db, p.appId, new Date(Date.now() + 3_600_000))) as ViewTally;
    expect(later.recent).toEqual([]);
    expect(later.records).toBe(8);
  });

  it('answers only those who may read every view: a viewer gets 403, a stranger is sent to sign in', async () => {
    const asViewer = await p.call('POST', tallyPath, { token: ada, body: {} });
    expect(asViewer.status).toBe(403);
    expect(JSON.stringify(asViewer.body)).not.toContain('ada@lender.test');
    const stranger = await p.call('POST', tallyPath, { body: {} });
    expect([401, 403]).toContain(stranger.status);
    expect(JSON.stringify(stranger.body)).not.toContain('ada@lender.test');
    // Every other function is still one the local platform does not provide.
    const other = await p.call('POST', '/functions/somethingElse', { token: admin, body: {} });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('not_provided');
  });

  it('is empty for an app without views', async () => {
    expect(JSON.parse(await viewTallyJson(p.db, 'no-such-app'))).toEqual({ records: 0, viewers: [], recent: [] });
  });
});

describe('the sums the database keeps', () => {
  it('follow every write: a bulk, a deleted record, records deleted by a query, an edited record', async () => {
    await sendViews(p, bob, [viewFields('b2', '/', 1111), viewFields('b2', '/problem', 2222), viewFields('b2', '/problem', 3333)]);
    expect((await sumsAgree()).records).toBe(11);

    const victim = (await records()).find((record) => record.visit_id === visitId('a1') && record.path === '/')!;
    expect(await deleteRecord(p.db, p.appId, view, victim.id)).not.toBeNull();
    expect((await sumsAgree()).records).toBe(10);

    expect(await deleteMatching(p.db, p.appId, view, { visit_id: visitId('b2'), path: '/problem' })).toHaveLength(2);
    expect((await sumsAgree()).records).toBe(8);

    // No caller may edit time (the rule is "nobody"), but the store can: the sums follow it too.
    const edited = (await records()).find((record) => record.visit_id === visitId('b1') && record.path === '/')!;
    await updateRecord(p.db, p.appId, view, edited.id, { ms: 9000, device: 'phone' });
    const after = await sumsAgree();
    const bobs = after.viewers.find((viewer) => viewer.viewer === edited.created_by_id)!;
    expect(bobs.cells.find(([path]) => path === '/')?.[1]).toBe(9000 + 1111);
  });

  it('leave other entities out', async () => {
    const before = await tally();
    const made = await p.call('POST', '/entities/Note', { token: ada, body: { text: 'not a view' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await tally()).toEqual(before);
  });
});

// A page sends a record again, as it was, when the answer to its send never came: the platform may
// have stored it already. Its key (view_key) makes the second one a no-op, so time counts once.
describe('a record sent again with its key', () => {
  let kim: string;
  const bulk = `/entities/${view}/bulk`;
  const keyed = (visit: string, path: string, ms: number, key: string) => ({ ...viewFields(visit, path, ms), view_key: `key-${key}-0000` });
  const kims = (tallied: ViewTally) => tallied.viewers.find((viewer) => viewer.email === 'kim@lender.test');
  beforeAll(async () => {
    kim = await registeredUser(p, 'kim@lender.test', 'kim-password-1234');
  });

  it('is stored once, beside the new time it came with; the repeat is answered with the records as stored', async () => {
    const before = (await tally()).records;
    const batch = [keyed('k1', '/', 4000, 'a'), keyed('k1', '/market', 2000, 'b')];
    const first = await p.call('POST', bulk, { token: kim, body: batch });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await p.call('POST', bulk, { token: kim, body: [...batch, keyed('k1', '/', 1000, 'c')] });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((again.body as unknown[]).slice(0, 2)).toEqual(first.body);
    expect(again.body).toHaveLength(3);
    const now = await sumsAgree();
    expect(now.records).toBe(before + 3);
    expect(kims(now)!.cells.sort()).toEqual([
      ['/', 5000],
      ['/market', 2000],
    ]);
  });

  it('once when sent alone twice, twice in one bulk, or by two requests at once', async () => {
    const before = (await tally()).records;
    const one = keyed('k2', '/problem', 300, 'd');
    const [a, b] = [await p.call('POST', `/entities/${view}`, { token: kim, body: one }), await p.call('POST', `/entities/${view}`, { token: kim, body: one })];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    const doubled = await p.call('POST', bulk, { token: kim, body: [keyed('k2', '/', 50, 'e'), keyed('k2', '/', 50, 'e')] });
    expect(doubled.status).toBe(200);
    expect(doubled.body).toHaveLength(1);
    const together = [keyed('k2', '/market', 70, 'f'), keyed('k2', '/problem', 80, 'g')];
    const replies = await Promise.all([1, 2, 3].map(() => p.call('POST', bulk, { token: kim, body: together })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    for (const reply of replies.slice(1)) expect(reply.body).toEqual(replies[0]!.body);
    const now = await sumsAgree();
    expect(now.records).toBe(before + 4);
    expect(kims(now)!.visits.find(([id]) => id === visitId('k2'))?.[4]).toBe(300 + 50 + 70 + 80);
  });

  it("is the sender's own: another viewer's same key is their own record; records without a key are stored each time", async () => {
    const before = (await tally()).records;
    const same = await p.call('POST', bulk, { token: bob, body: [keyed('b9', '/', 700, 'a')] });
    expect(same.status).toBe(200);
    expect(same.body[0]).toMatchObject({ created_by: 'bob@lender.test', visit_id: visitId('b9'), ms: 700 });
    // A page from before keys: each send is new time, as it always was.
    await sendViews(p, kim, [viewFields('k3', '/', 10)]);
    await sendViews(p, kim, [viewFields('k3', '/', 10)]);
    const now = await sumsAgree();
    expect(now.records).toBe(before + 3);
    expect(kims(now)!.visits.find(([id]) => id === visitId('k3'))?.[4]).toBe(20);
  });
});

describe('the version each viewer last saw', () => {
  // Records as the platform stores them, written straight into the table so their times can be
  // chosen: ada read version 2, then version 1 again later in another visit whose times cross the
  // first; bob's newest record has none (an older platform's); cy never had one; dee's newest
  // millisecond holds versions 9 and 10 (ids compare as integers, not as text).
  let n = 0;
  const stored = (who: string, visit: string, at: string, version?: string): SlideViewRecord => ({
    id: `record-${++n}`,
    created_by: `${who}@lender.test`,
    created_by_id: `user-${who}`,
    created_date: at,
    visit_id: visitId(visit),
    visit_started_at: '2026-11-19T09:00:00.000Z',
    path: '/market',
    ms: 1000,
    device: 'desktop',
    ...(version === undefined ? {} : { version_id: version }),
  });
  const RECORDS = [
    stored('ada', 'a1', '2026-11-19T09:00:00.000Z', '1'),
    stored('ada', 'a2', '2026-11-20T10:00:00.000Z', '2'),
    stored('ada', 'a1', '2026-11-20T10:05:00.000Z', '1'),
    stored('ada', 'a2', '2026-11-20T10:03:00.000Z', '2'),
    stored('bob', 'b1', '2026-11-19T11:00:00.000Z', '2'),
    stored('bob', 'b1', '2026-11-19T11:00:30.000Z'),
    stored('cy', 'c1', '2026-11-18T08:00:00.000Z'),
    stored('dee', 'd1', '2026-11-21T08:00:00.000Z', '10'),
    stored('dee', 'd1', '2026-11-21T08:00:00.000Z', '9'),
    stored('dee', 'd1', '2026-11-20T08:00:00.000Z', '11'),
  ];
  const EXPECTED = { 'ada@lender.test': '1', 'bob@lender.test': null, 'cy@lender.test': null, 'dee@lender.test': '10' };

  const insert = (db: Queryable, appId: string, rows: SlideViewRecord[]) =>
    db.query(`INSERT INTO entities (app_id, entity, id, data) SELECT $1, $2, doc->>'id', doc FROM jsonb_array_elements($3::jsonb) AS doc`, [
      appId,
      view,
      JSON.stringify(rows.map((row) => ({ ...row, id: `${appId}-${row.id}` }))),
    ]);
  const lastSeen = async (db: Queryable, appId: string) => {
    const engagement = summarizeEngagement(bookOfTally(JSON.parse(await viewTallyJson(db, appId)) as ViewTally), TALLY_SLIDES);
    return Object.fromEntries(engagement.viewers.map((viewer) => [viewer.email, viewer.lastVersion]));
  };
  /** The console's engagement from the database's sums equals the one it makes of the raw records. */
  const agrees = async (db: Queryable, appId: string) => {
    const raw = await db.query<{ data: SlideViewRecord }>('SELECT data FROM entities WHERE app_id = $1 AND entity = $2 ORDER BY seq', [appId, view]);
    const fromTally = bookOfTally(JSON.parse(await viewTallyJson(db, appId)) as ViewTally);
    expect(summarizeEngagement(fromTally, TALLY_SLIDES)).toEqual(summarizeEngagement(bookOfRecords(raw.rows.map((row) => row.data)), TALLY_SLIDES));
  };

  it("is the version of each viewer's newest record, whether its records came in one statement or one at a time in any order", async () => {
    await insert(p.db, 'versions-at-once', RECORDS);
    expect(await lastSeen(p.db, 'versions-at-once')).toEqual(EXPECTED);
    await agrees(p.db, 'versions-at-once');
    // Newest first, one statement each: every record meets the sums its visit has already.
    for (const record of [...RECORDS].reverse()) await insert(p.db, 'versions-one-by-one', [record]);
    expect(await lastSeen(p.db, 'versions-one-by-one')).toEqual(EXPECTED);
    await agrees(p.db, 'versions-one-by-one');
    const ada = JSON.parse(await viewTallyJson(p.db, 'versions-one-by-one')) as ViewTally;
    expect(
      ada.viewers
        .find((viewer) => viewer.viewer === 'user-ada')!
        .visits.map(([id, , , , , version]) => [id, version])
        .sort(),
    ).toEqual([
      [visitId('a1'), '1'],
      [visitId('a2'), '2'],
    ]);
  });

  it('follows a deleted record: the version before it is the last seen again', async () => {
    const newest = RECORDS[2]!;
    await p.db.query('DELETE FROM entities WHERE app_id = $1 AND id = $2', ['versions-at-once', `versions-at-once-${newest.id}`]);
    expect((await lastSeen(p.db, 'versions-at-once'))['ada@lender.test']).toBe('2');
    await agrees(p.db, 'versions-at-once');
  });

  it('is filled in for records stored before the step that keeps it (migration 11)', async () => {
    const location = await emptyTestDatabase();
    let db: Db | undefined;
    try {
      db = await openDatabase(
        location,
        MIGRATIONS.filter((migration) => migration.version < 11),
      );
      await insert(db, 'older', RECORDS);
      expect(await migrate(db, MIGRATIONS)).toEqual(MIGRATIONS.filter((migration) => migration.version >= 11).map((migration) => migration.version));
      expect(await lastSeen(db, 'older')).toEqual(EXPECTED);
      await agrees(db, 'older');
    } finally {
      await db?.close();
      await dropTestDatabase(location);
    }
  }, 60_000);
});
