import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DECK_OPTIONS, ENGAGEMENT_ENTITY, type SlideViewFields } from '../../schemas/engagementPaths.ts';
import { MAX_LIMIT } from '../../src/platform/records/listQuery.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { ALPHA, BETA, expectOnlyOwn, twoPartners, who } from './twoPartners.ts';

// The engagement entities under their rules (entityAccess.ts) and strict shapes (entitySchemas.ts),
// through the real HTTP API: a viewer writes only their own SlideView records and reads none,
// admins read all; DeckOptions is read by every viewer and set by admins only.

let p: TestPlatform;
let admin: string;
let viewer: string;
let viewerId: string;
const VIEWS = `/entities/${ENGAGEMENT_ENTITY.view}`;
const OPTIONS = `/entities/${ENGAGEMENT_ENTITY.options}`;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
  viewer = await registeredUser(p, 'viewer@fund.example');
  viewerId = (await p.call('GET', '/entities/User/me', { token: viewer })).body.id;
}, 60_000);
afterAll(async () => {
  await p?.close();
});

const visit = randomUUID();
const view = (over: Partial<Record<keyof SlideViewFields, unknown>> = {}): Record<string, unknown> => ({
  visit_id: visit,
  path: '/market',
  ms: 4200,
  visit_started_at: '2026-11-24T07:00:00.000Z',
  device: 'desktop',
  ...over,
});
const importFile = (rows: unknown[]) => {
  const form = new FormData();
  form.append('file', new File([JSON.stringify(rows)], 'views.json', { type: 'application/json' }));
  return form;
};

describe('SlideView for a viewer', () => {
  it('creates their own records, one and a batch of 200, stamped with their id and email', async () => {
    const one = await p.call('POST', VIEWS, { token: viewer, body: view({ path: '/' }) });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ ...view({ path: '/' }), created_by_id: viewerId, created_by: 'viewer@fund.example' });

    const batch = Array.from({ length: 200 }, (_, i) => view({ path: `/slide-${i % 17}`, ms: i }));
    const started = performance.now();
    const bulk = await p.call('POST', `${VIEWS}/bulk`, { token: viewer, body: batch });
    const took = performance.now() - started;
    expect(bulk.status).toBe(200);
    expect(bulk.body).toHaveLength(200);
    expect(bulk.body.every((r: Record<string, unknown>) => r.created_by_id === viewerId)).toBe(true);
    expect(bulk.body[199]).toMatchObject({ path: '/slide-12', ms: 199 });
    console.log(`[engagement] bulk create of 200 SlideView records: ${took.toFixed(0)} ms`);
    // A page flushing its batch must not wait long; generous for a loaded 2-core machine.
    expect(took).toBeLessThan(5000);
  });

  it('may name itself as author, in any letter case of its email', async () => {
    const own = await p.call('POST', VIEWS, { token: viewer, body: { ...view(), created_by_id: viewerId, created_by: 'Viewer@Fund.example' } });
    expect(own.status).toBe(200);
    expect(own.body.created_by).toBe('viewer@fund.example');
  });

  it('is refused (403) a record forged for someone else, alone or in a batch, and nothing is stored', async () => {
    const before = await p.call('GET', `${VIEWS}?limit=${MAX_LIMIT}`, { token: admin });
    for (const forged of [{ created_by_id: 'someone-else' }, { created_by: 'ceo@fund.example' }, { created_by_id: null }]) {
      const single = await p.call('POST', VIEWS, { token: viewer, body: { ...view(), ...forged } });
      expect(single.status).toBe(403);
      expect(single.body.detail).toMatch(/^created_by(_id)?: /);
    }
    const bulk = await p.call('POST', `${VIEWS}/bulk`, { token: viewer, body: [view(), { ...view(), created_by_id: 'someone-else' }] });
    expect(bulk.status).toBe(403);
    expect(bulk.body.detail).toMatch(/^body\[1\]\.created_by_id: /);
    // An admin cannot write a viewer's time either, nor the service role anyone's.
    const byAdmin = await p.call('POST', VIEWS, { token: admin, body: { ...view(), created_by_id: viewerId } });
    expect(byAdmin.status).toBe(403);
    expect((await p.call('POST', VIEWS, { token: p.serviceToken, body: view() })).status).toBe(403);
    expect((await p.call('POST', `${VIEWS}/bulk`, { token: p.serviceToken, body: [view()] })).status).toBe(403);
    const after = await p.call('GET', `${VIEWS}?limit=${MAX_LIMIT}`, { token: admin });
    expect(after.body).toHaveLength(before.body.length);
  });

  it('reads none: listing and filtering are refused (403), a record by id is not found (404)', async () => {
    const mine = (await p.call('POST', VIEWS, { token: viewer, body: view() })).body;
    const list = await p.call('GET', VIEWS, { token: viewer });
    expect(list.status).toBe(403);
    expect(list.body.detail).toMatch(/may not list SlideView/);
    const filtered = await p.call('GET', `${VIEWS}?q=${encodeURIComponent(JSON.stringify({ created_by_id: viewerId }))}`, { token: viewer });
    expect(filtered.status).toBe(403);
    expect((await p.call('GET', `${VIEWS}/${mine.id}`, { token: viewer })).status).toBe(404);
    expect((await p.call('PUT', `${VIEWS}/${mine.id}`, { token: viewer, body: { ms: 1 } })).status).toBe(404);
    expect((await p.call('DELETE', `${VIEWS}/${mine.id}`, { token: viewer })).status).toBe(404);
  });

  it('gets a 400 naming the bad field on create, bulk, import and update', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [view({ visit_id: 'x' }), 'visit_id'],
      [view({ visit_id: 'a'.repeat(65) }), 'visit_id'],
      [view({ path: '/Market' }), 'path'],
      [view({ path: '/../etc' }), 'path'],
      [view({ path: `/${'a'.repeat(65)}` }), 'path'],
      [view({ ms: -1 }), 'ms'],
      [view({ ms: 1.5 }), 'ms'],
      [view({ ms: 86_400_001 }), 'ms'],
      [view({ ms: '10' }), 'ms'],
      [view({ visit_started_at: 'yesterday' }), 'visit_started_at'],
      [view({ device: 'watch' }), 'device'],
      [view({ view_key: 'short' }), 'view_key'],
      [view({ view_key: 'key with spaces' }), 'view_key'],
      [view({ view_key: 7 }), 'view_key'],
      [{ ...view(), extra: 1 }, 'extra'],
      [(({ device: _, ...rest }) => rest)(view()), 'device'],
    ];
    for (const [body, field] of bad) {
      const reply = await p.call('POST', VIEWS, { token: viewer, body });
      expect(reply.status, field).toBe(400);
      expect(reply.body.extra_data.field).toBe(field);
    }
    const bulk = await p.call('POST', `${VIEWS}/bulk`, { token: viewer, body: [view(), view({ ms: -5 })] });
    expect(bulk.status).toBe(400);
    expect(bulk.body.extra_data.field).toBe('body[1].ms');
    const imported = await p.call('POST', `${VIEWS}/import`, { token: admin, body: importFile([view({ device: 'fridge' })]) });
    expect(imported.status).toBe(400);
    expect(imported.body.extra_data.field).toBe('file row 1.device');
    // Import is an admin's bulk change, and refuses forged authors like any create.
    const forgedImport = await p.call('POST', `${VIEWS}/import`, { token: admin, body: importFile([{ ...view(), created_by_id: viewerId }]) });
    expect(forgedImport.status).toBe(403);
    // No one edits recorded time, admins included.
    const record = (await p.call('POST', VIEWS, { token: viewer, body: view() })).body;
    expect((await p.call('PUT', `${VIEWS}/${record.id}`, { token: admin, body: { ms: 1 } })).status).toBe(403);
  });

  it('is refused to anyone signed out', async () => {
    for (const token of [undefined, 'not-a-token']) {
      expect((await p.call('POST', VIEWS, { token, body: view() })).status).toBe(token ? 401 : 403);
      expect((await p.call('GET', VIEWS, { token })).status).toBe(token ? 401 : 403);
    }
  });
});

describe('SlideView for two partners at two companies', () => {
  it("keeps each partner's time theirs: written as themselves, and neither forges, reads, changes or deletes the other's", async () => {
    const partners = await twoPartners(p);
    const records = new Map<string, Record<string, unknown>>();
    for (const partner of partners) {
      const reply = await p.call('POST', VIEWS, { token: partner.token, body: view({ path: '/contact' }) });
      expect(reply.status).toBe(200);
      expect(reply.body, `${who(partner)}'s record`).toMatchObject({ created_by: partner.email, created_by_id: partner.id });
      records.set(partner.email, reply.body);
    }
    for (const [me, other] of [partners, [...partners].reverse()] as const) {
      const theirs = records.get(other.email)!;
      for (const forged of [{ created_by_id: other.id }, { created_by: other.email }]) {
        const reply = await p.call('POST', VIEWS, { token: me.token, body: { ...view(), ...forged } });
        expect(reply.status, `${who(me)} wrote a record as ${who(other)}`).toBe(403);
      }
      for (const [method, body] of [['GET'], ['PUT', { ms: 1 }], ['DELETE']] as const) {
        const reply = await p.call(method, `${VIEWS}/${theirs.id}`, { token: me.token, body });
        expect(reply.status, `${who(me)} could ${method} ${who(other)}'s record`).toBe(404);
        expectOnlyOwn(JSON.stringify(reply.body), me, `the answer to ${method} of the other's record`);
      }
      // What the admin reads of one partner is that partner's alone.
      const query = encodeURIComponent(JSON.stringify({ created_by_id: me.id }));
      const listed = (await p.call('GET', `${VIEWS}?q=${query}&limit=${MAX_LIMIT}`, { token: admin })).body;
      expect(listed.map((record: Record<string, unknown>) => record.created_by)).toEqual([me.email]);
      expectOnlyOwn(JSON.stringify(listed), me, "the admin's list of one partner's records", [me.email]);
    }
    expect((await p.call('GET', `${VIEWS}/${records.get(ALPHA.email)!.id}`, { token: admin })).body).toMatchObject({ ms: 4200 });
    expect((await p.call('GET', `${VIEWS}/${records.get(BETA.email)!.id}`, { token: admin })).body).toMatchObject({ ms: 4200 });
  });
});

describe('SlideView for an admin', () => {
  it('lists every viewer’s records, reads one by id and deletes it', async () => {
    const other = await registeredUser(p, 'other@fund.example');
    const theirs = (await p.call('POST', VIEWS, { token: other, body: view({ path: '/team' }) })).body;
    const all = await p.call('GET', `${VIEWS}?limit=${MAX_LIMIT}`, { token: admin });
    expect(all.status).toBe(200);
    const authors = new Set(all.body.map((r: Record<string, unknown>) => r.created_by));
    expect(authors).toEqual(new Set(['viewer@fund.example', 'other@fund.example', ALPHA.email, BETA.email]));
    expect((await p.call('GET', `${VIEWS}/${theirs.id}`, { token: admin })).body).toMatchObject({ path: '/team' });
    expect((await p.call('DELETE', `${VIEWS}/${theirs.id}`, { token: admin })).status).toBe(200);
  });
});

describe('DeckOptions', () => {
  it('is read by a viewer and set by admins only', async () => {
    expect((await p.call('GET', OPTIONS, { token: viewer })).body).toEqual([]);
    expect((await p.call('POST', OPTIONS, { token: viewer, body: { downloads: true } })).status).toBe(403);

    const created = await p.call('POST', OPTIONS, { token: admin, body: { downloads: true } });
    expect(created.status).toBe(200);
    // Switches left out take their defaults, so the record always holds all three.
    expect(created.body).toMatchObject({ ...DEFAULT_DECK_OPTIONS, downloads: true });
    const id = created.body.id as string;

    const read = await p.call('GET', OPTIONS, { token: viewer });
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(1);
    expect((await p.call('GET', `${OPTIONS}/${id}`, { token: viewer })).body.downloads).toBe(true);

    expect((await p.call('PUT', `${OPTIONS}/${id}`, { token: viewer, body: { watermark: true } })).status).toBe(403);
    expect((await p.call('DELETE', `${OPTIONS}/${id}`, { token: viewer })).status).toBe(403);
    const changed = await p.call('PUT', `${OPTIONS}/${id}`, { token: admin, body: { watermark: true, recording: false } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ watermark: true, downloads: true, recording: false });
  });

  it('holds one record and three booleans: anything else is a 400 naming the field', async () => {
    const second = await p.call('POST', OPTIONS, { token: admin, body: {} });
    expect(second.status).toBe(400);
    expect(second.body.detail).toMatch(/already has its record/);
    const id = (await p.call('GET', OPTIONS, { token: admin })).body[0].id as string;
    for (const [body, field] of [
      [{ watermark: 'yes' }, 'watermark'],
      [{ downloads: 1 }, 'downloads'],
      [{ recording: null }, 'recording'],
      [{ theme: 'dark' }, 'theme'],
    ] as const) {
      const reply = await p.call('PUT', `${OPTIONS}/${id}`, { token: admin, body });
      expect(reply.status, field).toBe(400);
      expect(reply.body.extra_data.field).toBe(field);
    }
    expect((await p.call('GET', `${OPTIONS}/${id}`, { token: admin })).body).toMatchObject({ watermark: true, downloads: true, recording: false });
  });
});
