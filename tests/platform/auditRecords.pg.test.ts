import { type Context, Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_ENTITY } from '../../schemas/accessPaths.ts';
import { type AuditEntry, auditRoom } from '../../schemas/auditPaths.ts';
import { ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { QUESTION_ENTITY } from '../../schemas/questionPaths.ts';
import type { DatabaseLocation, Db } from '../../src/platform/db/db.ts';
import { openPlatformDatabase } from '../../src/platform/platformSchema.ts';
import { type AuditContext, actorOf, auditCsv, auditRead, auditRequest, readAuditLog } from '../../src/platform/records/auditLog.ts';
import { auditEntityRead, auditEntityWrite } from '../../src/platform/records/entityAudit.ts';
import type { EntityRecord } from '../../src/platform/records/entitiesStore.ts';
import { person } from './callers.ts';
import { dropTestDatabase, testDatabase } from './testDatabase.ts';

// The audit log's records, written straight to a database of this run's engine through a real
// request context: which writes and reads each entity leaves, what an entry keeps of them, who it
// names and what it announces. (auditLog.pg.test.ts drives the same through the platform's doors.)

const APP = 'app';
let location: DatabaseLocation;
let db: Db;
const published: { room: string; payload: unknown }[] = [];
let ctx: AuditContext;

beforeAll(async () => {
  location = await testDatabase();
  db = await openPlatformDatabase(location);
  ctx = { db, clientAddress: () => '192.0.2.7', broadcaster: { publish: (room, payload) => published.push({ room, payload }) } };
}, 60_000);
afterAll(async () => {
  await db?.close();
  await dropTestDatabase(location);
});

/** Runs `act` inside a real request carrying `userAgent` (none when null). */
async function inRequest(act: (c: Context) => Promise<void>, userAgent: string | null = 'Tester/1.0'): Promise<void> {
  const app = new Hono().post('/', async (c) => {
    await act(c);
    return c.text('ok');
  });
  const response = await app.request('/', { method: 'POST', headers: userAgent === null ? {} : { 'User-Agent': userAgent } });
  expect(response.status, await response.clone().text()).toBe(200);
}

const admin = person('ada', 'admin');
const who = { appId: APP, caller: admin };
/** The entries about `target`, oldest first. */
const entriesAbout = async (target: string): Promise<AuditEntry[]> =>
  (await readAuditLog(db, APP, { limit: 1000 })).filter((entry) => entry.target === target).reverse();
const record = (fields: Record<string, unknown>): EntityRecord => ({
  id: 'r1',
  created_date: '2026-01-01T00:00:00.000Z',
  updated_date: '2026-01-01T00:00:00.000Z',
  created_by: 'ben@lender.example',
  created_by_id: 'ben',
  ...fields,
});

describe('what an entity write leaves in the audit log', () => {
  it('a domain rule: added, changed and removed, each naming the domain and its role', async () => {
    const rule = record({ id: 'd1', domain: '@lender.example', role: 'user' });
    await inRequest((c) => auditEntityWrite(ctx, c, who, ACCESS_ENTITY.domain, 'create', [rule]));
    await inRequest((c) => auditEntityWrite(ctx, c, who, ACCESS_ENTITY.domain, 'update', [{ ...rule, role: 'admin' }], { role: 'admin' }));
    await inRequest((c) => auditEntityWrite(ctx, c, who, ACCESS_ENTITY.domain, 'delete', [{ ...rule, role: 'admin' }]));
    const entries = await entriesAbout('AccessDomain @lender.example');
    expect(entries.map((entry) => [entry.action, entry.detail])).toEqual([
      ['domain_added', { domain: '@lender.example', role: 'user' }],
      ['domain_changed', { domain: '@lender.example', role: 'admin' }],
      ['domain_removed', { domain: '@lender.example', role: 'admin' }],
    ]);
    expect(entries[0]).toMatchObject({ actor: 'ada@example.com', address: '192.0.2.7', user_agent: 'Tester/1.0' });
  });

  it("the deck's settings: the first change keeps the settings without the store's own fields, later ones what changed; removing the record is no decision", async () => {
    const options = record({ id: 'o1', downloads: false, watermark: true });
    await inRequest((c) => auditEntityWrite(ctx, c, who, ENGAGEMENT_ENTITY.options, 'create', [options]));
    await inRequest((c) => auditEntityWrite(ctx, c, who, ENGAGEMENT_ENTITY.options, 'update', [{ ...options, downloads: true }], { downloads: true }));
    await inRequest((c) => auditEntityWrite(ctx, c, who, ENGAGEMENT_ENTITY.options, 'delete', [options]));
    const entries = await entriesAbout(ENGAGEMENT_ENTITY.options);
    expect(entries.map((entry) => [entry.action, entry.detail])).toEqual([
      ['deck_settings_changed', { downloads: false, watermark: true }],
      ['deck_settings_changed', { downloads: true }],
    ]);
  });

  it('a consultation: asked, decided (with the decision) or changed otherwise, deleted, each naming who asked', async () => {
    const asked = record({ id: 'c1', email: 'ben@lender.example', status: 'new' });
    await inRequest((c) => auditEntityWrite(ctx, c, who, ACCESS_ENTITY.consultation, 'create', [asked]));
    await inRequest((c) => auditEntityWrite(ctx, c, who, ACCESS_ENTITY.consultation, 'update', [{ ...asked, status: 'done' }], { status: 'done' }));
    await inRequest((c) => auditEntityWrite(ctx, c, who, ACCESS_ENTITY.consultation, 'update', [asked], { note: 'call on Monday' }));
    await inRequest((c) => auditEntityWrite(ctx, c, who, ACCESS_ENTITY.consultation, 'delete', [asked]));
    const entries = await entriesAbout('ConsultationRequest c1');
    expect(entries.map((entry) => [entry.action, entry.detail])).toEqual([
      ['consultation_requested', { asked_by: 'ben@lender.example' }],
      ['consultation_decided', { status: 'done', asked_by: 'ben@lender.example' }],
      ['consultation_decided', { asked_by: 'ben@lender.example' }],
      ['consultation_deleted', { asked_by: 'ben@lender.example' }],
    ]);
  });

  it('a question: asked on a page (and a figure), answered, marked, deleted; the words stay out of the log', async () => {
    const onFigure = record({ id: 'q1', path: '/market', figure_id: 'market.homeEquity', text: 'Where is this from?' });
    const onPage = record({ id: 'q2', path: '/problem', text: 'And this?' });
    await inRequest((c) => auditEntityWrite(ctx, c, who, QUESTION_ENTITY, 'create', [onFigure, onPage]));
    await inRequest((c) => auditEntityWrite(ctx, c, who, QUESTION_ENTITY, 'update', [onFigure], { answer: 'The Fed.', status: 'answered' }));
    await inRequest((c) => auditEntityWrite(ctx, c, who, QUESTION_ENTITY, 'update', [onPage], { status: 'answered' }));
    await inRequest((c) => auditEntityWrite(ctx, c, who, QUESTION_ENTITY, 'delete', [onPage]));
    expect((await entriesAbout('SlideQuestion q1')).map((entry) => [entry.action, entry.detail])).toEqual([
      ['question_asked', { path: '/market', figure: 'market.homeEquity', asked_by: 'ben@lender.example' }],
      ['question_answered', { path: '/market', figure: 'market.homeEquity', asked_by: 'ben@lender.example', status: 'answered', answered: true }],
    ]);
    expect((await entriesAbout('SlideQuestion q2')).map((entry) => [entry.action, entry.detail])).toEqual([
      ['question_asked', { path: '/problem', asked_by: 'ben@lender.example' }],
      ['question_answered', { path: '/problem', asked_by: 'ben@lender.example', status: 'answered' }],
      ['question_deleted', { path: '/problem', asked_by: 'ben@lender.example' }],
    ]);
  });

  it("leaves nothing for the deck's other records (a viewer's time on a page), and the write goes on", async () => {
    const before = (await readAuditLog(db, APP, { limit: 1000 })).length;
    const view = record({ id: 'v1', path: '/market', seconds: 4 });
    for (const write of ['create', 'update', 'delete'] as const) {
      await inRequest((c) => auditEntityWrite(ctx, c, who, ENGAGEMENT_ENTITY.view, write, [view], { seconds: 5 }));
    }
    expect(await readAuditLog(db, APP, { limit: 1000 })).toHaveLength(before);
  });

  it('announces each entry to the console of its own app, as readers get it', async () => {
    published.length = 0;
    await inRequest((c) => auditEntityWrite(ctx, c, who, ACCESS_ENTITY.domain, 'create', [record({ id: 'd2', domain: '@other.example', role: 'user' })]));
    const [stored] = await entriesAbout('AccessDomain @other.example');
    expect(published).toEqual([{ room: auditRoom(APP), payload: { entry: stored } }]);
  });
});

describe('what a read leaves in the audit log', () => {
  it("an admin's read of the viewing records, once a minute per person; reads of other records leave nothing", async () => {
    await inRequest((c) => auditEntityRead(ctx, c, { appId: APP, caller: person('cy', 'admin') }, ENGAGEMENT_ENTITY.view));
    await inRequest((c) => auditEntityRead(ctx, c, { appId: APP, caller: person('cy', 'admin') }, ENGAGEMENT_ENTITY.view));
    await inRequest((c) => auditEntityRead(ctx, c, { appId: APP, caller: person('di', 'admin') }, ENGAGEMENT_ENTITY.view));
    await inRequest((c) => auditEntityRead(ctx, c, { appId: APP, caller: person('cy', 'admin') }, ENGAGEMENT_ENTITY.options));
    await inRequest((c) => auditEntityRead(ctx, c, { appId: APP, caller: person('cy', 'admin') }, 'hasOwnProperty'));
    const reads = await readAuditLog(db, APP, { action: 'engagement_read', limit: 100 });
    expect(reads.map((entry) => [entry.actor, entry.target]).sort()).toEqual([
      ['cy@example.com', 'SlideView'],
      ['di@example.com', 'SlideView'],
    ]);
    expect(await entriesAbout(ENGAGEMENT_ENTITY.options)).not.toContainEqual(expect.objectContaining({ action: 'engagement_read' }));
  });

  it('counts a read again for another thing or detail within the minute', async () => {
    const read = (target: string, detail: Record<string, unknown>) => (c: Context) =>
      auditRead(ctx, c, { appId: APP, action: 'outbox_read', actor: person('ed', 'admin'), target, detail });
    await inRequest(read('people', { filter: 'a' }));
    await inRequest(read('people', { filter: 'a' }));
    await inRequest(read('people', { filter: 'b' }));
    await inRequest(read('outbox', { filter: 'a' }));
    const reads = await readAuditLog(db, APP, { action: 'outbox_read', person: 'ed@example.com', limit: 100 });
    expect(reads.map((entry) => [entry.target, entry.detail]).reverse()).toEqual([
      ['people', { filter: 'a' }],
      ['people', { filter: 'b' }],
      ['outbox', { filter: 'a' }],
    ]);
  });
});

describe('who and where an entry names', () => {
  it('a person by their email, the service role as `service`, nobody signed in as no one', () => {
    expect(actorOf(person('fay'))).toBe('fay@example.com');
    expect(actorOf({ kind: 'service' })).toBe('service');
    expect(actorOf({ kind: 'anonymous' })).toBeNull();
    expect(actorOf({ kind: 'invalid' })).toBeNull();
    expect(actorOf('ops@test.local')).toBe('ops@test.local');
    expect(actorOf(null)).toBeNull();
  });

  it("keeps the browser's first 300 characters, and no browser when the request named none; an entry without detail keeps {}", async () => {
    const long = `Browser/${'x'.repeat(400)}`;
    await inRequest((c) => auditRequest(ctx, c, { appId: APP, action: 'sign_in', actor: person('gus'), target: 'gus@example.com' }), long);
    await inRequest((c) => auditRequest(ctx, c, { appId: APP, action: 'sign_out', actor: person('gus'), target: 'gus@example.com' }), null);
    const [signOut, signIn] = await readAuditLog(db, APP, { person: 'gus@example.com', limit: 10 });
    expect(signIn).toMatchObject({ action: 'sign_in', user_agent: long.slice(0, 300), address: '192.0.2.7', detail: {} });
    expect(signOut).toMatchObject({ action: 'sign_out', user_agent: null, address: '192.0.2.7', detail: {} });
  });

  it('is kept where nobody listens (a command run beside the platform has no console to tell)', async () => {
    const quiet: AuditContext = { db, clientAddress: () => '192.0.2.8' };
    await inRequest((c) => auditRequest(quiet, c, { appId: APP, action: 'sign_in', actor: person('ivy'), target: 'ivy@example.com' }));
    expect(await readAuditLog(db, APP, { person: 'ivy@example.com', limit: 10 })).toMatchObject([{ action: 'sign_in', address: '192.0.2.8' }]);
  });

  it('is kept in the app it happened in only', async () => {
    await inRequest((c) => auditRequest(ctx, c, { appId: 'other-app', action: 'sign_in', actor: person('hal'), target: 'hal@example.com' }));
    expect(await readAuditLog(db, APP, { person: 'hal@example.com', limit: 10 })).toEqual([]);
    expect(await readAuditLog(db, 'other-app', { person: 'HAL@example.com', limit: 10 })).toHaveLength(1);
  });
});

describe('the CSV of the log', () => {
  it('writes an absent field as an empty cell and ends every line, the last too, with CRLF', () => {
    const entry = {
      id: '1',
      at: '2026-01-01T00:00:00.000Z',
      actor: null,
      action: 'sign_in',
      target: undefined,
      address: '',
      user_agent: null,
      detail: { a: 1 },
    };
    const csv = auditCsv([entry as unknown as AuditEntry]);
    expect(csv).toBe('at,actor,action,target,address,user_agent,detail\r\n"2026-01-01T00:00:00.000Z","","sign_in","","","","{""a"":1}"\r\n');
    expect(auditCsv([])).toBe('at,actor,action,target,address,user_agent,detail\r\n');
  });
});
