// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_ENTITY, ENGAGEMENT_FUNCTION, type SlideViewRecord, type ViewTally } from '../../schemas/engagementPaths.ts';
import { summarizeEngagement } from '../../src/admin/engagement/engagement.ts';
import { bookOfRecords, bookOfTally, isViewTally } from '../../src/admin/engagement/viewTally.ts';
import { viewTallyJson } from '../../src/platform/records/engagementTally.ts';
import { deleteMatching, deleteRecord, updateRecord } from '../../src/platform/records/entitiesStore.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { sendSampleViews, sendViews, TALLY_SLIDES, viewFields, visitId } from './viewRecords.ts';

// The engagement tally (issue 12's 34,000 records in the console in under a second): the sums the
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
