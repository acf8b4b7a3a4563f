import { createRecords } from '../../src/platform/records/entitiesStore.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomReply } from '../../schemas/platformWire.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { openConnected } from './socketEvents.ts';

// The attack: an invited viewer tries to read, change and delete every other user's
// records, and `DELETE /entities/Note {}` tries to wipe the whole entity. Each attack below is replayed
// by a second invited viewer (B) against records viewer A created.

let p: TestPlatform;
let admin: string;
let alice: string;
let bob: string;
let aliceId: string;
let bobId: string;
const sockets: Socket[] = [];

const SEEDED = 200;
const q = (query: unknown) => `?q=${encodeURIComponent(JSON.stringify(query))}`;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
  alice = await registeredUser(p, 'alice@example.com');
  bob = await registeredUser(p, 'bob@example.com');
  aliceId = (await p.call('GET', '/entities/User/me', { token: alice })).body.id;
  bobId = (await p.call('GET', '/entities/User/me', { token: bob })).body.id;
  // Alice's own records, written by the store itself: a viewer may not bulk-create, and makes 100 records an hour at most.
  const seeded = await createRecords(
    p.db,
    p.appId,
    'Note',
    Array.from({ length: SEEDED }, (_, i) => ({ text: `alice ${i}`, i })),
    {
      email: 'alice@example.com',
      id: aliceId,
    },
  );
  expect(seeded).toHaveLength(SEEDED);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
});

const allNotes = async () => (await p.call('GET', '/entities/Note?limit=5000', { token: admin })).body as Array<Record<string, unknown>>;
const aliceNote = async () => (await p.call('POST', '/entities/Note', { token: alice, body: { text: 'secret of alice' } })).body;

describe("another viewer's records", () => {
  it('are absent from lists and filters', async () => {
    const mine = (await p.call('POST', '/entities/Note', { token: bob, body: { text: 'bob own' } })).body;
    const listed = await p.call('GET', '/entities/Note?limit=5000', { token: bob });
    expect(listed.status).toBe(200);
    expect(listed.body.map((note: { id: string }) => note.id)).toEqual([mine.id]);
    const filtered = await p.call('GET', `/entities/Note${q({ text: { $ne: 'x' } })}`, { token: bob });
    expect(filtered.body.map((note: { id: string }) => note.id)).toEqual([mine.id]);
    // Filtering on the owner does not widen the view either.
    expect((await p.call('GET', `/entities/Note${q({ created_by_id: aliceId })}`, { token: bob })).body).toEqual([]);
    expect((await p.call('GET', '/entities/Note?limit=5000', { token: alice })).body).toHaveLength(SEEDED);
  });

  it('answer 404 to get, update and delete, exactly like a missing record, and stay unchanged', async () => {
    const note = await aliceNote();
    const missing = await p.call('GET', '/entities/Note/00000000-0000-0000-0000-000000000000', { token: bob });
    const got = await p.call('GET', `/entities/Note/${note.id}`, { token: bob });
    expect(got.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(got.body.code).toBe(missing.body.code);
    expect(JSON.stringify(got.body)).not.toContain('secret of alice');
    const updated = await p.call('PUT', `/entities/Note/${note.id}`, { token: bob, body: { text: 'defaced' } });
    expect(updated.status).toBe(404);
    const deleted = await p.call('DELETE', `/entities/Note/${note.id}`, { token: bob });
    expect(deleted.status).toBe(404);
    const stored = await p.call('GET', `/entities/Note/${note.id}`, { token: alice });
    expect(stored.status).toBe(200);
    expect(stored.body.text).toBe('secret of alice');
  });

  it('survive a bulk delete: DELETE /entities/Note {} is 403 for a viewer and deletes nothing', async () => {
    const before = (await allNotes()).length;
    for (const token of [bob, alice]) {
      const wipe = await p.call('DELETE', '/entities/Note', { token, body: {} });
      expect(wipe.status).toBe(403);
      expect(wipe.body.code).toBe('forbidden');
    }
    expect((await p.call('DELETE', '/entities/Note', { token: bob, body: { i: 3 } })).status).toBe(403);
    expect(await allNotes()).toHaveLength(before);
  });

  it('import is 403 for a viewer and adds nothing', async () => {
    const before = (await allNotes()).length;
    const form = new FormData();
    form.append('file', new File(['text\nplanted\n'], 'notes.csv', { type: 'text/csv' }));
    const reply = await p.call('POST', '/entities/Note/import', { token: bob, body: form });
    expect(reply.status).toBe(403);
    expect(await allNotes()).toHaveLength(before);
  });
});

describe('signed-out visitors of a public app', () => {
  it('may create, but own nothing: they read, change and delete no record, their own included', async () => {
    await p.addApp('open', 'public_without_login', { email: 'boss@open.test', password: 'open-password-12' });
    const created = await p.call('POST', '/entities/Note', { app: 'open', body: { text: 'left by a visitor' } });
    expect(created.status).toBe(200);
    expect(created.body.created_by_id).toBeNull();
    expect((await p.call('GET', '/entities/Note', { app: 'open' })).body).toEqual([]);
    expect((await p.call('GET', `/entities/Note/${created.body.id}`, { app: 'open' })).status).toBe(404);
    expect((await p.call('PUT', `/entities/Note/${created.body.id}`, { app: 'open', body: { text: 'x' } })).status).toBe(404);
    expect((await p.call('DELETE', `/entities/Note/${created.body.id}`, { app: 'open' })).status).toBe(404);
    expect((await p.call('DELETE', '/entities/Note', { app: 'open', body: {} })).status).toBe(403);
    const stored = await p.call('GET', `/entities/Note/${created.body.id}`, { app: 'open', token: p.serviceToken });
    expect(stored.body.text).toBe('left by a visitor');
  });
});

describe('the owner fields cannot be forged', () => {
  it('create and update keep created_by / created_by_id of the real caller; a viewer’s bulk create is refused', async () => {
    const forged = { created_by: 'bob@example.com', created_by_id: bobId, text: 'planted' };
    const one = (await p.call('POST', '/entities/Note', { token: alice, body: forged })).body;
    expect(one).toMatchObject({ created_by: 'alice@example.com', created_by_id: aliceId });
    const many = await p.call('POST', '/entities/Note/bulk', { token: alice, body: [forged] });
    expect({ status: many.status, detail: many.body.detail }).toEqual({ status: 403, detail: 'You may not bulk create Note records' });
    // Handing a record over by rewriting its owner is not possible either.
    const handed = await p.call('PUT', `/entities/Note/${one.id}`, { token: alice, body: { created_by_id: bobId, created_by: 'bob@example.com' } });
    expect(handed.body).toMatchObject({ created_by: 'alice@example.com', created_by_id: aliceId });
    expect((await p.call('GET', `/entities/Note/${one.id}`, { token: bob })).status).toBe(404);
  });
});

describe('an admin', () => {
  it('sees every record and may change, delete and bulk delete them', async () => {
    const note = await aliceNote();
    expect((await allNotes()).some((row) => row.id === note.id)).toBe(true);
    expect((await p.call('GET', `/entities/Note/${note.id}`, { token: admin })).body.text).toBe('secret of alice');
    expect((await p.call('PUT', `/entities/Note/${note.id}`, { token: admin, body: { text: 'moderated' } })).body).toMatchObject({
      text: 'moderated',
      created_by_id: aliceId,
    });
    expect((await p.call('DELETE', `/entities/Note/${note.id}`, { token: admin })).status).toBe(200);
    for (const k of [1, 2, 3]) expect((await p.call('POST', '/entities/Scratch', { token: bob, body: { k } })).status).toBe(200);
    const removed = await p.call('DELETE', '/entities/Scratch', { token: admin, body: { k: { $gte: 2 } } });
    expect(removed.body).toEqual({ success: true, deleted: 2 });
    const service = await p.call('DELETE', '/entities/Scratch', { token: p.serviceToken, body: {} });
    expect(service.body).toEqual({ success: true, deleted: 1 });
    const form = new FormData();
    form.append('file', new File(['k\n9\n'], 'k.csv', { type: 'text/csv' }));
    expect((await p.call('POST', '/entities/Scratch/import', { token: admin, body: form })).body.imported).toBe(1);
  });
});

describe('the socket', () => {
  const connect = (token: string) => openConnected(p, token, sockets);

  it("refuses a viewer the room of an owner-only entity, so others' records never reach it", async () => {
    const [spy, owner, watcher] = await Promise.all([connect(bob), connect(alice), connect(admin)]);
    const spied: unknown[] = [];
    const errors: Array<{ room: string }> = [];
    for (const socket of [spy, owner]) {
      socket.on('update_model', (message: unknown) => spied.push(message));
      socket.on('error', (error: { room: string }) => errors.push(error));
    }
    const join = (socket: Socket): Promise<RoomReply> => socket.timeout(3000).emitWithAck('join', `entities:${p.appId}:Note`);
    expect(await Promise.all([join(spy), join(owner)])).toMatchObject([{ ok: false }, { ok: false }]);
    expect(errors.map((error) => error.room)).toEqual([`entities:${p.appId}:Note`, `entities:${p.appId}:Note`]);
    const seen: Array<{ data: string }> = [];
    watcher.on('update_model', (message: { data: string }) => seen.push(message));
    expect(await join(watcher)).toMatchObject({ ok: true });

    // The admin's socket, joined after the viewers were refused, sees the change; theirs never do.
    await p.call('POST', '/entities/Note', { token: alice, body: { text: 'broadcast' } });
    await eventually(() => seen.length === 1, { what: "the admin's broadcast" });
    expect(JSON.parse(seen[0]!.data)).toMatchObject({ type: 'create', data: { created_by_id: aliceId } });
    expect(spied).toEqual([]);
  });

  it('disconnects a user whose role changes, so a former admin keeps no room it joined as admin', async () => {
    const token = await registeredUser(p, 'demoted@example.com');
    const me = (await p.call('GET', '/entities/User/me', { token })).body;
    expect((await p.call('PUT', `/entities/User/${me.id}`, { token: admin, body: { role: 'admin' } })).body.role).toBe('admin');
    const socket = await connect(token);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    expect((await p.call('PUT', `/entities/User/${me.id}`, { token: admin, body: { role: 'user' } })).body.role).toBe('user');
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('still connected after 3 s'), 3000));
    expect(await Promise.race([gone, late])).toBe('io server disconnect');
  });
});

describe('PUT /entities/User/me', () => {
  it.each([
    [{ role: 'admin' }, 'role'],
    [{ is_admin: true }, 'is_admin'],
    [{ anything: 'x' }, 'anything'],
    [{ full_name: 'Bob B', invited: true }, 'invited'],
  ])('refuses %j with a 400 naming the key and stores nothing', async (body, key) => {
    const before = (await p.call('GET', '/entities/User/me', { token: bob })).body;
    const reply = await p.call('PUT', '/entities/User/me', { token: bob, body });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toMatch(new RegExp(`^${key}: `));
    const after = (await p.call('GET', '/entities/User/me', { token: bob })).body;
    expect(after).toEqual(before);
    expect(after).not.toHaveProperty(key === 'role' ? 'is_admin' : key);
    expect(after.role).toBe('user');
  });

  it('accepts full_name, and the unchanged record sent back whole', async () => {
    const me = (await p.call('GET', '/entities/User/me', { token: bob })).body;
    const renamed = await p.call('PUT', '/entities/User/me', { token: bob, body: { ...me, full_name: 'Bob Builder' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ full_name: 'Bob Builder', role: 'user', email: 'bob@example.com' });
    expect((await p.call('PUT', `/entities/User/${bobId}`, { token: bob, body: { nickname: 'b' } })).status).toBe(400);
  });
});
