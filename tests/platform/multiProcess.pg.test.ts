import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoomReply, SOCKET_PATH } from '../../schemas/platformWire.ts';
import { PRESENCE_EVENT, presenceRoom, type PresenceUpdate } from '../../schemas/engagementPaths.ts';
import { FOLLOW_DRIVE_EVENT, type FollowState, followRoom } from '../../schemas/presentingPaths.ts';
import { type PlatformChild, startPlatformChild } from '../../scripts/bench/loadRun.ts';
import { ACCOUNT_CLIENT_MAX_FAILURES } from '../../src/platform/identity/signInLimits.ts';
import { tokenRoom, userRoom, viewersRoom } from '../../src/platform/live/socketStanding.ts';
import { sha256 } from '../../src/platform/identity/tokens.ts';
import { eventually } from '../support/waitFor.ts';
import { fakeDeck } from './harness.ts';
import { connected } from './socketEvents.ts';
import { testDatabase, testEngine } from './testDatabase.ts';

// Two platform processes (real child processes) on one Postgres server. Every piece of
// state a process kept in memory before (rooms, revocations, follow-me, sign-in limits) must hold
// across them. Only the Postgres run has a server several processes can share.

const deck = fakeDeck({ 'index.html': '<!doctype html><title>Deck</title>', '404.html': 'not found' });
let a: PlatformChild;
let b: PlatformChild;
const sockets: Socket[] = [];

/** Calls `/api/apps/{appId}{path}` on one process. */
async function call(on: PlatformChild, method: string, path: string, init: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${on.url}/api/apps/${on.appId}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Invites and registers a viewer through process `on`; returns their token and id. */
async function viewer(on: PlatformChild, email: string, password = 'viewer-password-12'): Promise<{ token: string; id: string }> {
  expect((await call(on, 'POST', '/users/invite-user', { token: on.serviceToken, body: { user_email: email, role: 'user' } })).status).toBe(200);
  expect((await call(on, 'POST', '/auth/register', { body: { email, password } })).status).toBe(200);
  const code = /code is (\d{6})/.exec(await on.mailTo(email, 'otp'))?.[1];
  const verified = await call(on, 'POST', '/auth/verify-otp', { body: { email, otp_code: code } });
  expect(verified.status).toBe(200);
  return { token: verified.body.access_token, id: verified.body.user.id };
}

async function socketOn(on: PlatformChild, token: string): Promise<Socket> {
  const socket = io(on.url, { path: SOCKET_PATH, transports: ['websocket'], query: { app_id: on.appId, token }, reconnection: false });
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const join = (socket: Socket, room: string): Promise<RoomReply> => socket.timeout(5000).emitWithAck('join', room);

/** Every payload the socket gets from `room`, in order. */
function messages<T>(socket: Socket, room: string): T[] {
  const seen: T[] = [];
  socket.on('update_model', (message: { room: string; data: string }) => {
    if (message.room === room) seen.push(JSON.parse(message.data) as T);
  });
  return seen;
}

describe.runIf(testEngine() === 'postgres')('two platform processes on one Postgres server', () => {
  beforeAll(async () => {
    const location = await testDatabase();
    if (!('url' in location)) throw new Error('the Postgres run gives a database URL');
    // No sweep within the file's run: what closes a socket here is a signal or its own timer.
    const database = { databaseUrl: location.url, serviceToken: randomBytes(32).toString('hex'), standingSweepMs: 60 * 60_000 };
    [a, b] = await Promise.all([startPlatformChild(deck.dir, database), startPlatformChild(deck.dir, database)]);
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([a?.stop(), b?.stop()]);
    deck.remove();
  });

  it('a change made through one reaches a socket client of the other', async () => {
    const room = `entities:${a.appId}:Note`;
    const watcher = await socketOn(b, b.serviceToken);
    const seen = messages<{ type: string; id: string }>(watcher, room);
    expect(await join(watcher, room)).toEqual({ room, ok: true });
    const created = await call(a, 'POST', '/entities/Note', { token: a.serviceToken, body: { text: 'made on A' } });
    expect(created.status).toBe(200);
    await eventually(() => seen.some((m) => m.type === 'create' && m.id === created.body.id), { what: 'the create on B' });
  });

  it('a revocation through one ends a session held on the other: its socket closes and its token is refused there', async () => {
    const person = await viewer(a, 'revoked-across@fund.example');
    const page = await socketOn(b, person.token);
    const closed = new Promise<string>((resolve) => page.once('disconnect', (reason) => resolve(reason)));
    expect((await call(b, 'GET', '/entities/User/me', { token: person.token })).status).toBe(200);
    expect((await call(a, 'DELETE', `/entities/User/${person.id}`, { token: a.serviceToken })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await call(b, 'GET', '/entities/User/me', { token: person.token })).status).toBeGreaterThanOrEqual(401);
  });

  it('an expiry set through one closes the socket held on the other when it passes, not at the next sweep', async () => {
    const person = await viewer(a, 'dated-across@fund.example');
    const page = await socketOn(b, person.token);
    const closed = new Promise<number>((resolve) => page.once('disconnect', () => resolve(Date.now())));
    const end = Date.now() + 3000;
    expect((await call(a, 'PUT', `/entities/User/${person.id}`, { token: a.serviceToken, body: { expires_at: new Date(end).toISOString() } })).status).toBe(
      200,
    );
    await eventually(() => page.disconnected, { timeoutMs: 12_000, what: 'the socket on B closed when the expiry set through A passed' });
    const at = await closed;
    expect(at, 'closed before the expiry').toBeGreaterThanOrEqual(end - 50);
    expect(at - end, 'ms after the expiry').toBeLessThan(10_000);
  });

  // Across processes: the socket lives on B and sent `leave` for the server's own
  // rooms; the revocation and the demotion are made through A. Each closes it within a second.
  it('a socket on one that tried to leave the server’s rooms is still closed within a second by a revocation through the other', async () => {
    const person = await viewer(a, 'escape-across@fund.example');
    const page = await socketOn(b, person.token);
    for (const room of [userRoom(person.id), tokenRoom(sha256(person.token)), viewersRoom(b.appId)]) {
      expect(await page.timeout(5000).emitWithAck('leave', room), `leave ${room}`).toMatchObject({ ok: false });
    }
    expect((await call(a, 'POST', `/users/${person.id}/revoke`, { token: a.serviceToken })).status).toBe(200);
    await eventually(() => page.disconnected, { timeoutMs: 1000, what: 'the socket on B closed after the revocation through A' });
  });

  it('an admin demoted through one is closed on the other within a second, and cannot drive from there', async () => {
    const email = 'demoted-across@fund.example';
    expect((await call(a, 'POST', '/users/invite-user', { token: a.serviceToken, body: { user_email: email, role: 'admin' } })).status).toBe(200);
    expect((await call(a, 'POST', '/auth/register', { body: { email, password: 'demoted-password-12' } })).status).toBe(200);
    const code = /code is (\d{6})/.exec(await a.mailTo(email, 'otp'))?.[1];
    const verified = await call(a, 'POST', '/auth/verify-otp', { body: { email, otp_code: code } });
    expect(verified.status).toBe(200);
    const { access_token: token, user } = verified.body as { access_token: string; user: { id: string } };
    const console_ = await socketOn(b, token);
    const heard: string[] = [];
    console_.on('update_model', (message: { room: string }) => heard.push(message.room));
    for (const room of [presenceRoom(b.appId), `entities:${b.appId}:ConsultationRequest`]) expect(await join(console_, room)).toMatchObject({ ok: true });
    for (const room of [userRoom(user.id), tokenRoom(sha256(token))]) {
      expect(await console_.timeout(5000).emitWithAck('leave', room)).toMatchObject({ ok: false });
    }
    expect((await call(a, 'PUT', `/entities/User/${user.id}`, { token: a.serviceToken, body: { role: 'user' } })).status).toBe(200);
    await eventually(() => console_.disconnected, { timeoutMs: 1000, what: 'the demoted admin’s socket on B closed' });
    const before = heard.length;
    const asker = await viewer(a, 'asker-across@fund.example');
    expect((await call(a, 'POST', '/entities/ConsultationRequest', { token: asker.token, body: { preferred_times: 'Monday' } })).status).toBe(200);
    // Reconnected on B as what they are now, the former admin cannot drive.
    const again = await socketOn(b, token);
    expect(await again.timeout(5000).emitWithAck(FOLLOW_DRIVE_EVENT, { path: '/market' })).toMatchObject({ ok: false });
    expect(await join(again, presenceRoom(b.appId))).toMatchObject({ ok: false });
    expect(heard.length, 'updates the demoted admin received after the demotion').toBe(before);
  });

  it('follow-me: an admin drives on one, followers on both move, and a late joiner on the other lands on the slide', async () => {
    const room = followRoom(a.appId);
    const follower = await viewer(b, 'follower-across@fund.example');
    const onB = await socketOn(b, follower.token);
    const onA = await socketOn(a, follower.token);
    const seenB = messages<FollowState>(onB, room);
    const seenA = messages<FollowState>(onA, room);
    await join(onB, room);
    await join(onA, room);
    const presenter = await socketOn(a, a.serviceToken);
    const ack = await presenter.timeout(5000).emitWithAck(FOLLOW_DRIVE_EVENT, { path: '/market' });
    expect(ack).toMatchObject({ ok: true, state: { path: '/market' } });
    await eventually(() => seenB.at(-1)?.path === '/market' && seenA.at(-1)?.path === '/market', { what: 'both followers on /market' });
    const late = await socketOn(b, follower.token);
    const seenLate = messages<FollowState>(late, room);
    await join(late, room);
    expect(seenLate.at(-1)?.path).toBe('/market');
    // A viewer cannot drive from either process.
    const refused = await onB.timeout(5000).emitWithAck(FOLLOW_DRIVE_EVENT, { path: '/team' });
    expect(refused).toMatchObject({ ok: false });
    await presenter.timeout(5000).emitWithAck(FOLLOW_DRIVE_EVENT, { stop: true });
    await eventually(() => seenB.at(-1)?.path === null, { what: 'the end on B' });
  });

  it('the viewer list: an admin on one process sees a viewer on the other arrive, move and leave', async () => {
    const room = presenceRoom(a.appId);
    const watcher = await socketOn(a, a.serviceToken);
    const seen = messages<PresenceUpdate>(watcher, room);
    expect(await join(watcher, room)).toEqual({ room, ok: true });
    const person = await viewer(b, 'present-across@fund.example');
    const page = await socketOn(b, person.token);
    const listed = () => seen.at(-1)?.viewers.find((v) => v.email === 'present-across@fund.example');
    await eventually(() => listed() !== undefined, { what: 'the arrival on A' });
    expect(seen.some((update) => update.opened?.email === 'present-across@fund.example')).toBe(true);
    page.emit(PRESENCE_EVENT, { path: '/team', device: 'phone' });
    await eventually(() => listed()?.path === '/team', { what: 'the move on A' });
    page.close();
    await eventually(() => seen.length > 0 && listed() === undefined, { what: 'the departure on A' });
  });

  it(`sign-in attempts alternating between the processes share one limit: ${ACCOUNT_CLIENT_MAX_FAILURES} failures, then 429 on both`, async () => {
    const email = 'guessed-across@fund.example';
    await viewer(a, email, 'owner-password-123');
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_CLIENT_MAX_FAILURES; i++) {
      statuses.push((await call(i % 2 ? b : a, 'POST', '/auth/login', { body: { email, password: `wrong-guess-${i}-xx` } })).status);
    }
    expect(statuses).toEqual(Array(ACCOUNT_CLIENT_MAX_FAILURES).fill(401));
    // Each process alone has seen fewer than the limit; together they have reached it.
    expect((await call(a, 'POST', '/auth/login', { body: { email, password: 'owner-password-123' } })).status).toBe(429);
    expect((await call(b, 'POST', '/auth/login', { body: { email, password: 'owner-password-123' } })).status).toBe(429);
  });

  it('a parallel burst of wrong sign-ins split over both checks at most the limit of passwords', async () => {
    const email = 'burst-across@fund.example';
    await viewer(a, email, 'owner-password-123');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(i % 2 ? b : a, 'POST', '/auth/login', { body: { email, password: `wrong-burst-${i}-xx` } })),
    );
    const checked = burst.filter((reply) => reply.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_CLIENT_MAX_FAILURES);
    expect(burst.every((reply) => reply.status === 401 || reply.status === 429)).toBe(true);
  });
});

describe.runIf(testEngine() === 'postgres')('kill -9 of one process during writes', () => {
  it('every acknowledged record is there, and the other process keeps serving', async () => {
    const location = await testDatabase();
    if (!('url' in location)) throw new Error('the Postgres run gives a database URL');
    const database = { databaseUrl: location.url, serviceToken: randomBytes(32).toString('hex') };
    const [survivor, victim] = await Promise.all([startPlatformChild(deck.dir, database), startPlatformChild(deck.dir, database)]);
    try {
      const acknowledged: string[] = [];
      let failures = 0;
      let killed = false;
      // Four writers keep creating records on the victim until it is gone.
      const writers = Array.from({ length: 4 }, async (_, writer) => {
        for (let i = 0; !killed || failures === 0; i++) {
          try {
            const reply = await call(victim, 'POST', '/entities/Note', { token: victim.serviceToken, body: { text: `w${writer}-${i}` } });
            if (reply.status === 200) acknowledged.push(reply.body.id);
          } catch {
            failures += 1;
            return;
          }
        }
      });
      await eventually(() => acknowledged.length >= 60, { what: '60 acknowledged writes', timeoutMs: 30_000 });
      killed = true;
      await victim.crash();
      await Promise.all(writers);
      expect(failures).toBeGreaterThan(0);
      // The survivor answers, and holds every record the victim acknowledged.
      const listed = await call(survivor, 'GET', '/entities/Note?limit=5000', { token: survivor.serviceToken });
      expect(listed.status).toBe(200);
      const stored = new Set((listed.body as Array<{ id: string }>).map((record) => record.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      const after = await call(survivor, 'POST', '/entities/Note', { token: survivor.serviceToken, body: { text: 'after the crash' } });
      expect(after.status).toBe(200);
    } finally {
      await Promise.all([survivor.stop(), victim.stop()]);
    }
  }, 120_000);
});
