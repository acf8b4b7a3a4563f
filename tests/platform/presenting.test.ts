import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomReply } from '../../schemas/platformWire.ts';
import { FOLLOW_DRIVE_EVENT, type FollowState, followRoom, NOTES_DIR, NOTES_FILE, PRESENTING_CALL } from '../../schemas/presentingPaths.ts';
import { FollowBoard } from '../../src/platform/live/follow.ts';
import { eventually } from '../support/waitFor.ts';
import { person } from './callers.ts';
import { ADMIN, fakeDeck, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { openConnected } from './socketEvents.ts';

// Presenting on the local platform: speaker notes for admins only, and follow-me, where
// only admins drive (socket and API alike) and every admitted viewer in the follow room moves.

const NOTES = { '/': 'Open with the partnership.', '/market': 'Read the figures as they stand.\nThen the team.' };
let p: TestPlatform;
let deck: ReturnType<typeof fakeDeck>;
let admin: string;
let viewer: string;
const sockets: Socket[] = [];
const ROOM = followRoom('testapp');

beforeAll(async () => {
  // The build's layout: the served folder, and the notes beside it.
  deck = fakeDeck({ 'dist/index.html': '<!doctype html><title>deck</title>' });
  mkdirSync(join(deck.dir, NOTES_DIR));
  writeFileSync(join(deck.dir, NOTES_DIR, NOTES_FILE), JSON.stringify(NOTES));
  p = await startTestPlatform('private_with_login', { staticDir: join(deck.dir, 'dist') });
  admin = await p.login(ADMIN.email, ADMIN.password);
  viewer = await registeredUser(p, 'vic@fund.example');
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
  deck?.remove();
});

const connect = (token: string) => openConnected(p, token, sockets, { app: 'testapp' });

/** Every FollowState the socket receives from the follow room, in order. */
function states(socket: Socket): FollowState[] {
  const seen: FollowState[] = [];
  socket.on('update_model', (message: { room: string; data: string }) => {
    if (message.room === ROOM) seen.push(JSON.parse(message.data) as FollowState);
  });
  return seen;
}

const joinRoom = (socket: Socket): Promise<RoomReply> => socket.timeout(3000).emitWithAck('join', ROOM);
const drive = (socket: Socket, body: unknown): Promise<{ ok: boolean; detail?: string; state?: FollowState }> =>
  socket.timeout(3000).emitWithAck(FOLLOW_DRIVE_EVENT, body);

describe('speaker notes', () => {
  it('an admin gets every note; a viewer and an anonymous caller are refused', async () => {
    const reply = await p.call('GET', PRESENTING_CALL.notes, { token: admin });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ notes: NOTES });
    expect(reply.headers.get('cache-control')).toBe('no-store');

    const refused = await p.call('GET', PRESENTING_CALL.notes, { token: viewer });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('partnership');
    expect((await p.call('GET', PRESENTING_CALL.notes)).status).toBe(403);
  });

  it('records each reading of the notes, with how many pages have one', async () => {
    await p.call('GET', PRESENTING_CALL.notes, { token: admin });
    const last = await p.db.query<{ action: string; actor: string; detail: unknown }>(
      "SELECT action, actor, detail FROM audit_log WHERE app_id = 'testapp' AND action = 'speaker_notes_viewed' ORDER BY at DESC, id DESC LIMIT 1",
    );
    expect(last.rows[0]).toEqual({ action: 'speaker_notes_viewed', actor: ADMIN.email, detail: { pages: 2 } });
  });

  it('reads the notes file at each request: a note that is not text is left out, and a file that is no notes object, no JSON or missing gives none', async () => {
    const file = join(deck.dir, NOTES_DIR, NOTES_FILE);
    const notesNow = async () => (await p.call('GET', PRESENTING_CALL.notes, { token: admin })).body.notes;
    try {
      writeFileSync(file, JSON.stringify({ '/': 'Open.', '/market': 5, '/team': null, '/ask': ['x'] }));
      expect(await notesNow(), 'a note that is not text went to the presenter').toEqual({ '/': 'Open.' });
      for (const text of ['["a list"]', '"a string"', 'null', '7']) {
        writeFileSync(file, text);
        p.logs.length = 0;
        expect(await notesNow(), text).toEqual({});
        expect(p.logs, text).toEqual([`[platform] ${file} is not a notes object; presenting without notes`]);
      }
      writeFileSync(file, '{ not json');
      p.logs.length = 0;
      expect(await notesNow()).toEqual({});
      expect(p.logs).toEqual([expect.stringMatching(new RegExp(`^\\[platform\\] cannot read ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*JSON`))]);
      rmSync(file);
      p.logs.length = 0;
      expect(await notesNow()).toEqual({});
      expect(p.logs, 'a deck without notes (no build yet) is no error to log').toEqual([]);
    } finally {
      writeFileSync(file, JSON.stringify(NOTES));
    }
  });

  it('the served folder never gives out the notes file', async () => {
    for (const path of [`/${NOTES_FILE}`, `/../${NOTES_DIR}/${NOTES_FILE}`, `/%2e%2e/${NOTES_DIR}/${NOTES_FILE}`]) {
      const reply = await p.call('GET', path, { raw: true, token: admin });
      expect(String(reply.body)).not.toContain('Open with the partnership');
    }
  });
});

describe('follow-me', () => {
  it('refuses a viewer driving through the socket (error event and ack) and through the API (403); nothing moves', async () => {
    const socket = await connect(viewer);
    const seen = states(socket);
    expect(await joinRoom(socket)).toEqual({ room: ROOM, ok: true });
    await eventually(() => seen.length === 1, { what: 'the state on joining' });
    const errors: unknown[] = [];
    socket.on('error', (error: unknown) => errors.push(error));

    expect(await drive(socket, { path: '/market' })).toEqual({ ok: false, detail: 'Only an admin may drive the presentation' });
    await eventually(() => errors.length === 1, { what: 'the error event' });
    expect(errors[0]).toEqual({ event: FOLLOW_DRIVE_EVENT, detail: 'Only an admin may drive the presentation' });

    const api = await p.call('POST', PRESENTING_CALL.drive, { token: viewer, body: { path: '/market' } });
    expect(api.status).toBe(403);
    expect((await p.call('POST', PRESENTING_CALL.drive, { body: { path: '/market' } })).status).toBe(403);

    // Nobody presents: a fresh joiner learns exactly that.
    const late = await connect(viewer);
    const lateSeen = states(late);
    await joinRoom(late);
    await eventually(() => lateSeen.length === 1, { what: 'the state on joining' });
    expect(lateSeen[0]).toEqual({ path: null, presenter: null, at: null });
    expect(seen).toHaveLength(1);
  });

  it("publishes an admin's moves to every viewer in the room; a new joiner gets the current state at once", async () => {
    expect((await p.call('PUT', '/entities/User/me', { token: admin, body: { full_name: 'Pat Presenter' } })).status).toBe(200);
    const follower = await connect(viewer);
    const seen = states(follower);
    await joinRoom(follower);
    await eventually(() => seen.length === 1);

    const presenter = await connect(await p.login(ADMIN.email, ADMIN.password));
    const moved = await drive(presenter, { path: '/market' });
    expect(moved).toMatchObject({ ok: true, state: { path: '/market' } });
    const arrived = await eventually(
      () => {
        const state = seen.find((entry) => entry.path === '/market');
        if (!state) throw new Error(`states so far: ${JSON.stringify(seen)}`);
        return state;
      },
      { what: 'the move to /market' },
    );
    // Viewers see the admin's display name, never their email.
    expect(arrived.presenter).toBe('Pat Presenter');
    expect(Date.parse(arrived.at!)).toBeGreaterThan(Date.now() - 60_000);

    // The API moves the same board.
    const api = await p.call('POST', PRESENTING_CALL.drive, { token: admin, body: { path: '/problem' } });
    expect(api.status).toBe(200);
    expect(api.body).toEqual({ path: '/problem', presenter: arrived.presenter });
    await eventually(() => seen.at(-1)?.path === '/problem', { what: 'the API move' });

    const joiner = await connect(viewer);
    const joinerSeen = states(joiner);
    await joinRoom(joiner);
    await eventually(() => joinerSeen.length === 1, { what: 'the state on joining' });
    expect(joinerSeen[0]).toMatchObject({ path: '/problem', presenter: arrived.presenter });

    expect(await drive(presenter, { stop: true })).toMatchObject({ ok: true, state: { path: null } });
    await eventually(() => seen.at(-1)?.path === null && joinerSeen.at(-1)?.path === null, { what: 'the stop' });

    // The API ends a presentation too, and says so.
    expect((await p.call('POST', PRESENTING_CALL.drive, { token: admin, body: { path: '/market' } })).status).toBe(200);
    const stopped = await p.call('POST', PRESENTING_CALL.drive, { token: admin, body: { stop: true } });
    expect({ status: stopped.status, body: stopped.body }).toEqual({ status: 200, body: { stopped: true } });
    await eventually(() => seen.at(-1)?.path === null && seen.at(-2)?.path === '/market', { what: 'the API stop' });
  });

  it('refuses a viewer ending the presentation ({ stop: true }) while an admin presents, by socket and by API; it carries on', async () => {
    const presenter = await connect(await p.login(ADMIN.email, ADMIN.password));
    expect(await drive(presenter, { path: '/market' })).toMatchObject({ ok: true, state: { path: '/market' } });
    const follower = await connect(viewer);
    const seen = states(follower);
    await joinRoom(follower);
    await eventually(() => seen.length === 1, { what: 'the state on joining' });
    expect(seen[0]).toMatchObject({ path: '/market' });

    const bySocket = await drive(follower, { stop: true });
    expect(bySocket, 'a viewer stopped the presentation through the socket: the admin check is not ahead of the stop branch (follow.ts)').toEqual({
      ok: false,
      detail: 'Only an admin may drive the presentation',
    });
    const byApi = await p.call('POST', PRESENTING_CALL.drive, { token: viewer, body: { stop: true } });
    expect(byApi.status, 'a viewer stopped the presentation through the API: the admin check is not ahead of the stop branch (follow.ts)').toBe(403);

    // Still presenting: a fresh joiner is told where, and the follower was never told it ended.
    const late = await connect(viewer);
    const lateSeen = states(late);
    await joinRoom(late);
    await eventually(() => lateSeen.length === 1, { what: 'the state on joining' });
    expect(lateSeen[0], "a viewer's stop ended the presentation for everyone").toMatchObject({ path: '/market' });
    expect(
      seen.filter((state) => state.path === null),
      "a viewer's stop reached the followers",
    ).toEqual([]);

    expect(await drive(presenter, { stop: true })).toMatchObject({ ok: true, state: { path: null } });
    await eventually(() => seen.at(-1)?.path === null, { what: "the admin's stop" });
  });

  it('answers a bad drive with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ path: 'market' }, 'path'],
      [{ path: '/../etc' }, 'path'],
      [{ stop: false }, 'stop'],
      [{ path: '/market', colour: 'red' }, 'colour'],
      [[], 'body'],
    ];
    for (const [body, field] of cases) {
      const reply = await p.call('POST', PRESENTING_CALL.drive, { token: admin, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.extra_data.field).toBe(field);
    }
    expect((await p.call('POST', PRESENTING_CALL.drive, { token: admin })).status).toBe(400);
    const socket = await connect(admin);
    expect(await drive(socket, 'nonsense')).toMatchObject({ ok: false, detail: expect.stringMatching(/^body:/) });
  });
});

describe('a presenter who leaves', () => {
  const admin = { kind: 'service' } as const;

  it('ends the presentation once the driving socket has been gone for the grace period', async () => {
    const published: Array<string | null> = [];
    const board = new FollowBoard(p.db, (_room, state) => published.push(state.path), 30);
    await board.drive('leaving', admin, { path: '/market' }, 'socket-1');
    expect(await board.socketClosed('leaving', 'another-socket')).toBe(false);
    const grace = board.socketClosed('leaving', 'socket-1');
    expect((await board.state('leaving')).path).toBe('/market');
    expect(await grace).toBe(true);
    expect((await board.state('leaving')).path).toBeNull();
    expect(published).toEqual(['/market', null]);
  });

  it('carries on when the presenter drives again within the grace period (a reload, here on another process)', async () => {
    const published: Array<string | null> = [];
    const grace = 200;
    // Two boards on one database stand for two processes: the reload's socket lands on the second.
    const first = new FollowBoard(p.db, (_room, state) => published.push(state.path), grace);
    const second = new FollowBoard(p.db, (_room, state) => published.push(state.path), grace);
    await first.drive('reload', admin, { path: '/market' }, 'socket-1');
    const firstGrace = first.socketClosed('reload', 'socket-1');
    await second.drive('reload', admin, { path: '/problem' }, 'socket-2');
    // The first socket's grace runs out; the presentation stays, since socket-2 drives now.
    expect(await firstGrace).toBe(false);
    expect((await second.state('reload')).path).toBe('/problem');
    expect(published).toEqual(['/market', '/problem']);
    expect(await second.socketClosed('reload', 'socket-2')).toBe(true);
    expect(published).toEqual(['/market', '/problem', null]);
  });
});

describe('the board, each time it is asked', () => {
  const service = { kind: 'service' } as const;
  /** An admin person as the socket or API identifies them. */
  const adminNamed = (full_name: string | null) => person('u1', 'admin', { email: 'pat@deck.example', full_name });
  const entries = async (appId: string) =>
    (
      await p.db.query<{ actor: string | null; action: string; address: string | null; user_agent: string | null; detail: Record<string, unknown> }>(
        'SELECT actor, action, address, user_agent, detail FROM audit_log WHERE app_id = $1 ORDER BY at, id',
        [appId],
      )
    ).rows;

  it('records a presentation once when it starts and once when it ends, with who and from where; a stop with nobody presenting records nothing', async () => {
    const published: Array<[string, FollowState]> = [];
    const board = new FollowBoard(p.db, (room, state) => published.push([room, state]));
    const origin = { address: '203.0.113.9', userAgent: 'Projector/1.0' };
    expect(await board.drive('audited', service, { stop: true }, undefined, origin)).toEqual({ path: null, presenter: null, at: null });
    expect(await entries('audited'), 'a stop with nobody presenting was recorded').toEqual([]);
    await board.drive('audited', adminNamed('Pat'), { path: '/market' }, undefined, origin);
    await board.drive('audited', adminNamed('Pat'), { path: '/problem' }, undefined, origin);
    await board.drive('audited', adminNamed('Pat'), { stop: true }, undefined, origin);
    expect(await entries('audited'), 'moves within a presentation are recorded, or its start or end is not').toEqual([
      { actor: 'pat@deck.example', action: 'follow_started', address: '203.0.113.9', user_agent: 'Projector/1.0', detail: { path: '/market' } },
      { actor: 'pat@deck.example', action: 'follow_stopped', address: '203.0.113.9', user_agent: 'Projector/1.0', detail: {} },
    ]);
    // Every change goes to the app's follow room, the stop as "nobody presents".
    expect(published.map(([room, state]) => [room, state.path])).toEqual([
      [followRoom('audited'), null],
      [followRoom('audited'), '/market'],
      [followRoom('audited'), '/problem'],
      [followRoom('audited'), null],
    ]);
  });

  it("shows viewers the admin's display name, trimmed, and never an email; no name reads 'The presenter'", async () => {
    const board = new FollowBoard(p.db, () => undefined);
    expect((await board.drive('named', adminNamed('  Pat Presenter  '), { path: '/market' })).presenter).toBe('Pat Presenter');
    expect((await board.drive('named', adminNamed(null), { path: '/market' })).presenter).toBe('The presenter');
    expect((await board.drive('named', adminNamed('   '), { path: '/market' })).presenter).toBe('The presenter');
    expect((await board.drive('named', service, { path: '/market' })).presenter).toBe('The presenter');
  });

  it('records the end when the presenter left, and an API drive (no socket) never ends by a socket closing', async () => {
    const board = new FollowBoard(p.db, () => undefined, 20);
    await board.drive('left', service, { path: '/market' });
    expect(await board.socketClosed('left', 'undefined'), 'an API drive was taken for a socket').toBe(false);
    await board.drive('left', service, { path: '/market' }, 'socket-9');
    expect(await board.socketClosed('left', 'socket-9')).toBe(true);
    expect((await entries('left')).map((entry) => [entry.action, entry.actor, entry.detail])).toEqual([
      ['follow_started', 'service', { path: '/market' }],
      ['follow_stopped', null, { reason: 'the presenter left' }],
    ]);
  });

  it('says a presentation did not end when the database refused the end', async () => {
    let failing = false;
    const db = { query: (text: string, values?: unknown[]) => (failing ? Promise.reject(new Error('database gone')) : p.db.query(text, values)) };
    const board = new FollowBoard(db as typeof p.db, () => undefined, 10);
    await board.drive('refused', service, { path: '/market' }, 'socket-1');
    failing = true;
    expect(await board.socketClosed('refused', 'socket-1'), 'an end the database refused was reported as done').toBe(false);
  });
});
