import { io, type Socket } from 'socket.io-client';
import { connected, refused } from './socketEvents.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoomReply, SOCKET_PATH } from '../../schemas/platformWire.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

let p: TestPlatform;
let admin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
  await p.addApp('second', 'private_with_login', { email: 'x@second.test', password: 'second-password-1' });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
});

function connect(query: Record<string, string>): Socket {
  const socket = io(p.url, { path: SOCKET_PATH, transports: ['websocket'], query, reconnection: false });
  sockets.push(socket);
  return socket;
}

interface Update {
  room: string;
  data: string;
}

function collect(socket: Socket): Update[] {
  const seen: Update[] = [];
  socket.on('update_model', (message: Update) => seen.push(message));
  return seen;
}

// The protocol's `join` has no acknowledgement; the server answers one when the client passes a
// callback, so a test knows the join is in effect (or refused) instead of sleeping.
function join(socket: Socket, room: string): Promise<RoomReply> {
  return socket.timeout(3000).emitWithAck('join', room);
}

function leave(socket: Socket, room: string): Promise<RoomReply> {
  return socket.timeout(3000).emitWithAck('leave', room);
}

// Proof that nothing more is coming for `seen`: one change in a room the socket joined (`marker`)
// arrives after every broadcast published before it, since one socket's messages keep their order.
async function drained(socket: Socket, marker: string, token: string): Promise<void> {
  const entity = marker.split(':')[2]!;
  const arrived = new Promise<void>((resolve) => {
    const onUpdate = (message: Update) => {
      if (message.room !== marker) return;
      socket.off('update_model', onUpdate);
      resolve();
    };
    socket.on('update_model', onUpdate);
  });
  await p.call('POST', `/entities/${entity}`, { token, body: { marker: true } });
  await arrived;
}

describe('the socket', () => {
  it('refuses a private app without a token, with an unregistered user, and for an unknown app', async () => {
    const none = await refused(connect({ app_id: 'testapp' }));
    expect(none.data).toMatchObject({ status: 403, extra_data: { reason: 'auth_required' } });
    const strangerToken = await registeredUser(p, 'stranger@example.com', 'stranger-pass-1', false);
    const stranger = await refused(connect({ app_id: 'testapp', token: strangerToken }));
    expect(stranger.data).toMatchObject({ extra_data: { reason: 'user_not_registered' } });
    expect((await refused(connect({ app_id: 'ghost', token: admin }))).data).toMatchObject({ status: 404 });
    expect((await refused(connect({ app_id: 'testapp', token: 'dead-token' }))).data).toMatchObject({ status: 401 });
  });

  it('broadcasts create, update and delete on entities:{appId}:{Entity} to joined sockets only', async () => {
    // Rooms of owner-only entities are for admins (attackAccess.test.ts): both sockets are an admin's,
    // so the bystander is refused nothing; it only joined another room.
    const watcher = connect({ app_id: 'testapp', token: admin });
    const bystander = connect({ app_id: 'testapp', token: admin });
    await Promise.all([connected(watcher), connected(bystander)]);
    const seen = collect(watcher);
    const unseen = collect(bystander);
    expect(await join(watcher, 'entities:testapp:Task')).toEqual({ room: 'entities:testapp:Task', ok: true });
    expect(await join(bystander, 'entities:testapp:Other')).toMatchObject({ ok: true });

    const created = (await p.call('POST', '/entities/Task', { token: admin, body: { title: 'one' } })).body;
    await p.call('PUT', `/entities/Task/${created.id}`, { token: admin, body: { title: 'two' } });
    await p.call('DELETE', `/entities/Task/${created.id}`, { token: admin });
    await eventually(() => seen.length === 3, { what: 'three broadcasts' });
    const events = seen.map((message) => ({ room: message.room, ...JSON.parse(message.data) }));
    expect(events.map((event) => [event.room, event.type, event.id])).toEqual([
      ['entities:testapp:Task', 'create', created.id],
      ['entities:testapp:Task', 'update', created.id],
      ['entities:testapp:Task', 'delete', created.id],
    ]);
    expect(events[1].data.title).toBe('two');
    expect(typeof events[0].timestamp).toBe('string');
    expect(unseen).toEqual([]);

    await leave(watcher, 'entities:testapp:Task');
    await join(watcher, 'entities:testapp:Marker');
    await p.call('POST', '/entities/Task', { token: admin, body: { title: 'after leave' } });
    await drained(watcher, 'entities:testapp:Marker', admin);
    expect(seen.filter((message) => message.room === 'entities:testapp:Task')).toHaveLength(3);
  });

  it('rejects rooms of other apps with an error event and never delivers their changes', async () => {
    const socket = connect({ app_id: 'testapp', token: admin });
    await connected(socket);
    const seen = collect(socket);
    const errors: unknown[] = [];
    socket.on('error', (error: unknown) => errors.push(error));
    expect(await join(socket, 'entities:second:Task')).toEqual({ room: 'entities:second:Task', ok: false, detail: expect.stringContaining('Cannot join') });
    expect(await join(socket, 'some-random-room')).toMatchObject({ ok: false });
    // The protocol's own signal of a refusal, for clients that pass no callback.
    expect(errors).toHaveLength(2);
    expect(errors[0]).toEqual({ room: 'entities:second:Task', detail: expect.stringContaining('Cannot join') });
    const other = (await p.call('POST', '/auth/login', { app: 'second', body: { email: 'x@second.test', password: 'second-password-1' } })).body.access_token;
    await p.call('POST', '/entities/Task', { app: 'second', token: other, body: { secret: true } });
    await join(socket, 'entities:testapp:Marker');
    await drained(socket, 'entities:testapp:Marker', admin);
    expect(seen.filter((message) => message.room !== 'entities:testapp:Marker')).toEqual([]);
  });

  it('adding a message broadcasts the whole conversation on /agent-conversations/{id}', async () => {
    const conversation = (await p.call('POST', '/agents/conversations', { token: admin, body: { agent_name: 'helper', metadata: { a: 1 } } })).body;
    expect(conversation).toMatchObject({ agent_name: 'helper', messages: [], metadata: { a: 1 } });
    const socket = connect({ app_id: 'testapp', token: admin });
    await connected(socket);
    const seen = collect(socket);
    expect(await join(socket, `/agent-conversations/${conversation.id}`)).toMatchObject({ ok: true });
    const added = await p.call('POST', `/agents/conversations/${conversation.id}/messages`, { token: admin, body: { role: 'user', content: 'hello' } });
    expect(added.body).toMatchObject({ role: 'user', content: 'hello', id: expect.any(String) });
    await eventually(() => seen.length === 1, { what: 'the conversation broadcast' });
    expect(seen[0]!.room).toBe(`/agent-conversations/${conversation.id}`);
    const whole = JSON.parse(seen[0]!.data);
    expect(whole).toMatchObject({ id: conversation.id, messages: [{ role: 'user', content: 'hello' }] });
    const stored = await p.call('GET', `/agents/conversations/${conversation.id}`, { token: admin });
    expect(stored.body.messages).toHaveLength(1);
    expect((await p.call('GET', '/agents/conversations', { token: admin })).body.map((c: { id: string }) => c.id)).toContain(conversation.id);
  });

  it("logout and a password change disconnect the sockets of the revoked tokens, but not the changing tab's", async () => {
    const token = await registeredUser(p, 'leaver@example.com', 'leaver-pass-1');
    const other = await p.login('leaver@example.com', 'leaver-pass-1');
    const third = await p.login('leaver@example.com', 'leaver-pass-1');
    const first = connect({ app_id: 'testapp', token });
    const second = connect({ app_id: 'testapp', token: other });
    const elsewhere = connect({ app_id: 'testapp', token: third });
    await Promise.all([connected(first), connected(second), connected(elsewhere)]);
    const gone = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const firstGone = gone(first);
    await p.call('POST', '/auth/logout', { token });
    expect(await firstGone).toBe('io server disconnect');
    expect(second.connected).toBe(true);
    const me = (await p.call('GET', '/entities/User/me', { token: other })).body;
    const elsewhereGone = gone(elsewhere);
    const changed = await p.call('POST', '/auth/change-password', {
      token: other,
      body: { user_id: me.id, current_password: 'leaver-pass-1', new_password: 'leaver-pass-2' },
    });
    expect(changed.status).toBe(200);
    expect(await elsewhereGone).toBe('io server disconnect');
    // The tab that changed the password keeps its socket (it swaps to the fresh token); the server
    // still answers it: a join acknowledged after the disconnect above proves it was not dropped.
    expect(await join(second, 'entities:testapp:Thing')).toMatchObject({ room: 'entities:testapp:Thing' });
    expect(second.connected).toBe(true);
  });

  it("a user cannot read or join another user's conversation", async () => {
    const conversation = (await p.call('POST', '/agents/conversations', { token: admin, body: { agent_name: 'private' } })).body;
    const member = await registeredUser(p, 'nosy@example.com');
    expect((await p.call('GET', `/agents/conversations/${conversation.id}`, { token: member })).status).toBe(404);
    expect((await p.call('POST', `/agents/conversations/${conversation.id}/messages`, { token: member, body: { content: 'x' } })).status).toBe(404);
    expect((await p.call('GET', '/agents/conversations', { token: member })).body).toEqual([]);
    const socket = connect({ app_id: 'testapp', token: member });
    await connected(socket);
    const errors: unknown[] = [];
    socket.on('error', (error: unknown) => errors.push(error));
    expect(await join(socket, `/agent-conversations/${conversation.id}`)).toMatchObject({ ok: false });
    expect(errors).toEqual([{ room: `/agent-conversations/${conversation.id}`, detail: expect.stringContaining('Cannot join') }]);
  });
});
