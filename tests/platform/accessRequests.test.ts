import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL, ACCESS_ENTITY } from '../../schemas/accessWire.ts';
import type { RoomReply } from '../../schemas/platformWire.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { openConnected } from './socketEvents.ts';

// Access requests: a person who signed up but was never invited asks; the admins hear
// of it live (the entity room) and by mail; one approves or declines, and the person is told.

let p: TestPlatform;
let admin: string;
let viewer: string;
const sockets: Socket[] = [];
const SECOND_ADMIN = 'second-admin@deck.example';
const ROOM = () => `entities:${p.appId}:${ACCESS_ENTITY.accessRequest}`;

interface Update {
  room: string;
  data: string;
}

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
  viewer = await registeredUser(p, 'viewer@invited.example');
  const second = await registeredUser(p, SECOND_ADMIN);
  const id = (await p.call('GET', '/entities/User/me', { token: second })).body.id;
  expect((await p.call('PUT', `/entities/User/${id}`, { token: admin, body: { role: 'admin' } })).body.role).toBe('admin');
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
});

// An admin's socket in the AccessRequest room, with every change it receives there.
async function watchRoom(): Promise<Array<{ type: string; id: string; data: Record<string, unknown> }>> {
  const socket = await openConnected(p, admin, sockets);
  const seen: Array<{ type: string; id: string; data: Record<string, unknown> }> = [];
  socket.on('update_model', (message: Update) => {
    if (message.room === ROOM()) seen.push(JSON.parse(message.data));
  });
  const reply: RoomReply = await socket.timeout(3000).emitWithAck('join', ROOM());
  expect(reply.ok).toBe(true);
  return seen;
}

const ask = (token: string | undefined, body: unknown = {}) => p.call('POST', ACCESS_CALL.requestAccess, { token, body });
const decide = (token: string, id: string, decision: string) => p.call('POST', ACCESS_CALL.decideRequest(id), { token, body: { decision } });
const gated = (token: string) => p.call('GET', '/entities/User/me', { token });
async function outbox(to: string, kind: string): Promise<Array<Record<string, string>>> {
  const query = encodeURIComponent(JSON.stringify({ to, kind }));
  return (await p.call('GET', `/entities/Outbox?q=${query}`, { token: admin })).body;
}

describe('a stranger asks for access', () => {
  let stranger: string;
  let requestId: string;

  it('without a token, or with a dead one, is 401', async () => {
    expect((await ask(undefined)).status).toBe(401);
    expect((await ask('not-a-live-token')).status).toBe(401);
  });

  it('makes one pending request: the admins’ room hears of it and every admin gets a mail', async () => {
    stranger = await registeredUser(p, 'sam@stranger.example', 'sam-password-1', false);
    expect((await gated(stranger)).body.extra_data).toEqual({ reason: 'user_not_registered' });
    const seen = await watchRoom();
    const asked = await ask(stranger, { message: 'Lender diligence, Q3' });
    expect(asked.status).toBe(200);
    const me = (await p.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', ['sam@stranger.example'])).rows[0]!;
    expect(asked.body).toMatchObject({
      email: 'sam@stranger.example',
      message: 'Lender diligence, Q3',
      status: 'pending',
      user_id: me.id,
      created_by_id: me.id,
      id: expect.any(String),
    });
    requestId = asked.body.id;
    await eventually(() => seen.length === 1, { what: 'the create in the room' });
    expect(seen[0]).toMatchObject({ type: 'create', id: requestId, data: { status: 'pending', email: 'sam@stranger.example' } });

    const [notice] = await outbox(ADMIN.email, 'access_request');
    expect(notice!.body).toContain('sam@stranger.example asks for access to the deck.');
    expect(notice!.body).toContain('Lender diligence, Q3');
    expect(notice!.body).toMatch(/Open the console to answer it:\nhttp:\/\/\S+\/admin\n/);
    expect(await outbox(SECOND_ADMIN, 'access_request')).toHaveLength(1);
    expect(await outbox('viewer@invited.example', 'access_request')).toEqual([]);
  });

  it('asking again returns the same pending request: no second record, no second mail', async () => {
    const again = await ask(stranger, { message: 'Me again' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: requestId, message: 'Lender diligence, Q3' });
    const all = (await p.call('GET', `/entities/${ACCESS_ENTITY.accessRequest}`, { token: admin })).body;
    expect(all.filter((r: { user_id: string }) => r.user_id === again.body.user_id)).toHaveLength(1);
    expect(await outbox(ADMIN.email, 'access_request')).toHaveLength(1);
  });

  it('refuses a message too long or a field it does not know, naming it', async () => {
    expect((await ask(stranger, { message: 'x'.repeat(1001) })).body.detail).toBe('message: must be at most 1000 characters');
    expect((await ask(stranger, { status: 'approved' })).body).toMatchObject({ code: 'invalid_input', detail: 'status: is not a known field' });
  });

  it('a viewer may not decide (403), nor create, change or list others’ requests through the entity routes', async () => {
    expect((await decide(viewer, requestId, 'approve')).status).toBe(403);
    const generic = `/entities/${ACCESS_ENTITY.accessRequest}`;
    expect((await p.call('POST', generic, { token: admin, body: { status: 'approved' } })).status).toBe(403);
    expect((await p.call('POST', `${generic}/bulk`, { token: viewer, body: [{ status: 'approved' }] })).status).toBe(403);
    expect((await p.call('PUT', `${generic}/${requestId}`, { token: admin, body: { status: 'approved' } })).status).toBe(403);
    expect((await p.call('GET', generic, { token: viewer })).body).toEqual([]);
    expect((await p.call('GET', `${generic}/${requestId}`, { token: viewer })).status).toBe(404);
    expect((await p.call('GET', `${generic}/${requestId}`, { token: admin })).body.status).toBe('pending');
  });

  it('refuses a bad decision, an unknown request and a malformed id with 400/404, never 500', async () => {
    expect((await decide(admin, requestId, 'maybe')).body.detail).toBe('decision: must be approve or decline');
    expect((await decide(admin, 'no-such-request', 'approve')).status).toBe(404);
    expect((await decide(admin, 'bad id!', 'approve')).body).toMatchObject({ extra_data: { field: 'id' } });
  });

  it('approval lets the person in on their next call, tells the room and mails them; a second decision is a 400', async () => {
    const seen = await watchRoom();
    const approved = await decide(admin, requestId, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: requestId, status: 'approved', decided_by: ADMIN.email, decided_at: expect.any(String) });
    await eventually(() => seen.some((event) => event.type === 'update' && event.id === requestId), { what: 'the update in the room' });

    const inside = await gated(stranger);
    expect(inside.status).toBe(200);
    expect(inside.body).toMatchObject({ is_registered: true, invited_at: expect.any(String) });
    const [mail] = await outbox('sam@stranger.example', 'access_approved');
    expect(mail!.body).toMatch(/Sign in with the address this message was sent to\.\n\nOpen the deck:\nhttp:\/\/\S+\/\n/);

    const twice = await decide(admin, requestId, 'decline');
    expect({ status: twice.status, detail: twice.body.detail }).toEqual({ status: 400, detail: 'decision: this request was already approved' });
    expect((await ask(stranger)).body.detail).toBe('user: already has access');
  });

  it('a decline keeps the person out and tells them politely; they may ask again later', async () => {
    const other = await registeredUser(p, 'tom@stranger.example', 'tom-password-1', false);
    const asked = (await ask(other)).body;
    const declined = await decide(admin, asked.id, 'decline');
    expect(declined.body).toMatchObject({ status: 'declined', decided_by: ADMIN.email });
    expect((await gated(other)).status).toBe(403);
    const [mail] = await outbox('tom@stranger.example', 'access_declined');
    expect(mail!.body).toContain('Thank you for your interest');
    expect((await decide(admin, asked.id, 'approve')).body.detail).toBe('decision: this request was already declined');
    const anew = await ask(other, { message: 'New role at the lender' });
    expect(anew.body).toMatchObject({ status: 'pending' });
    expect(anew.body.id).not.toBe(asked.id);
  });
});

describe('people who may not ask', () => {
  it('an admitted viewer already has access', async () => {
    const reply = await ask(viewer);
    expect({ status: reply.status, detail: reply.body.detail }).toEqual({ status: 400, detail: 'user: already has access' });
  });

  it('a revoked person is told to be invited again, and nothing is written', async () => {
    // Revocation ends every token; one that lands while a token still lives is refused the same.
    const token = await registeredUser(p, 'rex@stranger.example', 'rex-password-1', false);
    await p.db.query('UPDATE users SET revoked_at = now() WHERE email = $1', ['rex@stranger.example']);
    const reply = await ask(token);
    expect({ status: reply.status, detail: reply.body.detail }).toEqual({
      status: 400,
      detail: "user: access was revoked by the deck's owners; ask them to invite you again",
    });
    const all = (await p.call('GET', `/entities/${ACCESS_ENTITY.accessRequest}`, { token: admin })).body;
    expect(all.some((r: { email: string }) => r.email === 'rex@stranger.example')).toBe(false);
  });
});
