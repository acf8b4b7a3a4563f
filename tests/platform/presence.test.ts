import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL } from '../../schemas/accessWire.ts';
import { PRESENCE_EVENT, presenceRoom, type PresenceUpdate, type PresenceViewer, VISIT_IDLE_MS } from '../../schemas/engagementPaths.ts';
import type { RoomReply } from '../../schemas/platformWire.ts';
import { arrive, newTab, noteSeenInVisit, reportedTab, viewersOf } from '../../src/platform/live/presence.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { openConnected } from './socketEvents.ts';

// Presence over real socket.io connections to the local platform: viewers' pages report their
// slide, admins in the presence room see who is viewing where, and `opened` marks a new visit.

let p: TestPlatform;
let admin: string;
const sockets: Socket[] = [];
const ROOM = presenceRoom('testapp');

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
  await p.addApp('second', 'private_with_login', { email: 'x@second.test', password: 'second-password-1' });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
});

const connect = (token: string, app = 'testapp') => openConnected(p, token, sockets, { app });

function join(socket: Socket, room: string): Promise<RoomReply> {
  return socket.timeout(3000).emitWithAck('join', room);
}

/** Every PresenceUpdate the socket receives from the presence room, in order. */
function updates(socket: Socket): PresenceUpdate[] {
  const seen: PresenceUpdate[] = [];
  socket.on('update_model', (message: { room: string; data: string }) => {
    if (message.room === ROOM) seen.push(JSON.parse(message.data) as PresenceUpdate);
  });
  return seen;
}

const latest = (seen: PresenceUpdate[]) => seen.at(-1)?.viewers ?? [];
const viewerIn = (seen: PresenceUpdate[], email: string) => latest(seen).find((v) => v.email === email);
/** The person as the latest update shows them once it has them on `path`; throws (so `eventually` retries) before. */
function onSlide(seen: PresenceUpdate[], email: string, path: string): PresenceViewer {
  const viewer = viewerIn(seen, email);
  if (viewer?.path !== path) throw new Error(`${email} is on ${viewer?.path}`);
  return viewer;
}

function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.disconnected) resolve();
    else socket.once('disconnect', () => resolve());
  });
}

describe('the presence room', () => {
  it('shows an admin the viewer arriving, changing slide and leaving; garbage reports change nothing', async () => {
    const watcher = await connect(admin);
    const seen = updates(watcher);
    expect(await join(watcher, ROOM)).toEqual({ room: ROOM, ok: true });
    // The current list at once (before the join's answer): the admin's own socket counts, with its
    // role. Their own arrival may publish the list once more, never as an opened visit.
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen[0]!.viewers).toEqual([expect.objectContaining({ email: ADMIN.email, role: 'admin', path: null })]);
    expect(seen.every((update) => update.opened === undefined)).toBe(true);

    const token = await registeredUser(p, 'ann@fund.example');
    const page = await connect(token);
    const arrival = await eventually(
      () => {
        const update = seen.find((u) => u.opened?.email === 'ann@fund.example');
        if (!update) throw new Error('no opened yet');
        return update;
      },
      { what: 'opened' },
    );
    expect(arrival.opened).toMatchObject({ role: 'user', path: null, device: null });
    expect(Date.parse(arrival.opened!.opened_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(arrival.viewers.map((v) => v.email)).toEqual([ADMIN.email, 'ann@fund.example']);

    page.emit(PRESENCE_EVENT, { path: '/market', device: 'phone' });
    const onMarket = await eventually(() => onSlide(seen, 'ann@fund.example', '/market'), { what: 'on /market' });
    expect(onMarket.device).toBe('phone');

    const before = seen.length;
    for (const garbage of [
      null,
      'market',
      42,
      [],
      { path: '/../admin', device: 'phone' },
      { path: '/Team', device: 'phone' },
      { path: '/team', device: 'tv' },
      { path: '/team' },
    ]) {
      page.emit(PRESENCE_EVENT, garbage);
    }
    page.emit(PRESENCE_EVENT, { path: '/team', device: 'phone' });
    const onTeam = await eventually(() => onSlide(seen, 'ann@fund.example', '/team'), { what: 'on /team' });
    // The garbage published nothing, and the socket survived it to report /team.
    expect(seen.length).toBe(before + 1);
    expect(page.connected).toBe(true);
    expect(Date.parse(onTeam.since)).toBeGreaterThanOrEqual(Date.parse(onMarket.since));
    expect(onTeam.opened_at).toBe(onMarket.opened_at);

    page.close();
    await eventually(() => viewerIn(seen, 'ann@fund.example') === undefined && latest(seen).length === 1, { what: 'ann gone' });
  });

  it('shows a viewer with two tabs once, at the latest report, until the last tab closes', async () => {
    const watcher = await connect(admin);
    const seen = updates(watcher);
    await join(watcher, ROOM);
    const token = await registeredUser(p, 'two@fund.example');
    const first = await connect(token);
    const second = await connect(token);
    first.emit(PRESENCE_EVENT, { path: '/market', device: 'desktop' });
    await eventually(() => viewerIn(seen, 'two@fund.example')?.path === '/market', { what: 'first tab' });
    second.emit(PRESENCE_EVENT, { path: '/team', device: 'tablet' });
    await eventually(() => viewerIn(seen, 'two@fund.example')?.path === '/team', { what: 'second tab' });
    expect(latest(seen).filter((v) => v.email === 'two@fund.example')).toHaveLength(1);
    expect(seen.filter((u) => u.opened?.email === 'two@fund.example')).toHaveLength(1);

    // Closing the tab that reported last shows what the remaining tab reported.
    second.close();
    await eventually(() => viewerIn(seen, 'two@fund.example')?.path === '/market', { what: 'back to the first tab' });
    first.close();
    await eventually(() => viewerIn(seen, 'two@fund.example') === undefined, { what: 'both tabs closed' });
  });

  it('is refused to viewers, and to an admin of another app', async () => {
    const token = await registeredUser(p, 'nosy@fund.example');
    const page = await connect(token);
    const seen = updates(page);
    expect(await join(page, ROOM)).toMatchObject({ room: ROOM, ok: false });
    const otherToken = (await p.call('POST', '/auth/login', { app: 'second', body: { email: 'x@second.test', password: 'second-password-1' } })).body
      .access_token;
    const otherAdmin = await connect(otherToken, 'second');
    expect(await join(otherAdmin, ROOM)).toMatchObject({ ok: false });
    expect(await join(otherAdmin, presenceRoom('second'))).toMatchObject({ ok: true });
    // Another viewer's arrival reaches the admin's room, never the refused viewer.
    const watcher = await connect(admin);
    const watched = updates(watcher);
    await join(watcher, ROOM);
    await connect(await registeredUser(p, 'later@fund.example'));
    await eventually(() => viewerIn(watched, 'later@fund.example') !== undefined, { what: 'later arrives' });
    expect(seen).toEqual([]);
  });

  it('drops a viewer whose access is revoked', async () => {
    const watcher = await connect(admin);
    const seen = updates(watcher);
    await join(watcher, ROOM);
    const token = await registeredUser(p, 'revoked@fund.example');
    const page = await connect(token);
    await eventually(() => viewerIn(seen, 'revoked@fund.example') !== undefined, { what: 'arrival' });
    const id = (await p.call('GET', '/entities/User/me', { token })).body.id as string;
    expect((await p.call('POST', ACCESS_CALL.revoke(id), { token: admin })).status).toBe(200);
    await closed(page);
    await eventually(() => viewerIn(seen, 'revoked@fund.example') === undefined, { what: 'revoked viewer gone' });
  });

  it('drops a viewer when their access expires with the deck open', async () => {
    const watcher = await connect(admin);
    const seen = updates(watcher);
    await join(watcher, ROOM);
    const token = await registeredUser(p, 'expiring@fund.example');
    // The socket ends when the expiry passes (realtime.ts endAtExpiry): three seconds from now, time enough to connect first.
    await p.db.query(`UPDATE users SET expires_at = now() + interval '3 seconds' WHERE email = $1`, ['expiring@fund.example']);
    const page = await connect(token);
    await eventually(() => viewerIn(seen, 'expiring@fund.example') !== undefined, { what: 'arrival' });
    await closed(page);
    await eventually(() => viewerIn(seen, 'expiring@fund.example') === undefined, { what: 'expired viewer gone' });
    expect(page.connected).toBe(false);
  });

  it('marks a reload as the same visit: opened fires once', async () => {
    const watcher = await connect(admin);
    const seen = updates(watcher);
    await join(watcher, ROOM);
    const token = await registeredUser(p, 'reload@fund.example');
    const page = await connect(token);
    await eventually(() => viewerIn(seen, 'reload@fund.example') !== undefined, { what: 'arrival' });
    const openedAt = viewerIn(seen, 'reload@fund.example')!.opened_at;
    page.close();
    await eventually(() => viewerIn(seen, 'reload@fund.example') === undefined, { what: 'gone' });
    await connect(token);
    await eventually(() => viewerIn(seen, 'reload@fund.example') !== undefined, { what: 'back' });
    expect(viewerIn(seen, 'reload@fund.example')!.opened_at).toBe(openedAt);
    expect(seen.filter((u) => u.opened?.email === 'reload@fund.example')).toHaveLength(1);
  });
});

describe('visits and the viewer list', () => {
  it('opens a new visit only after VISIT_IDLE_MS without any sign of the person, per app', async () => {
    const start = Date.UTC(2026, 10, 24, 8);
    let now = start;
    expect(await arrive(p.db, 'visits', 'u1', now)).toEqual({ openedAt: start, opened: true });
    now += 60_000;
    await noteSeenInVisit(p.db, 'visits', 'u1', now, true);
    now += VISIT_IDLE_MS - 1;
    expect(await arrive(p.db, 'visits', 'u1', now)).toEqual({ openedAt: start, opened: false });
    await noteSeenInVisit(p.db, 'visits', 'u1', now, true);
    now += VISIT_IDLE_MS;
    expect(await arrive(p.db, 'visits', 'u1', now)).toEqual({ openedAt: now, opened: true });
    // Presence is per app: the same person elsewhere is another visit.
    expect(await arrive(p.db, 'visits-other', 'u1', now + 1)).toEqual({ openedAt: now + 1, opened: true });
  });

  it('tabs connecting at once (two processes) agree on one visit', async () => {
    const now = Date.UTC(2026, 10, 24, 9);
    const visits = await Promise.all(Array.from({ length: 8 }, () => arrive(p.db, 'together', 'u2', now)));
    expect(new Set(visits.map((visit) => visit.openedAt))).toEqual(new Set([now]));
  });

  it('lists one viewer per person at their latest report, in arrival order; garbage reports change nothing', () => {
    const ann = { id: 'u1', email: 'ann@fund.example', full_name: 'Ann', role: 'user' };
    const bob = { id: 'u2', email: 'bob@fund.example', full_name: null, role: 'admin' };
    const first = newTab(ann, 1000, 1000);
    const bobs = newTab(bob, 1500, 1500);
    const second = reportedTab(newTab(ann, 1000, 2000), { path: '/team', device: 'tablet' }, 2500)!;
    const moved = reportedTab(first, { path: '/market', device: 'desktop' }, 3000)!;
    for (const raw of [undefined, { toString: 1 }, { path: '/x'.repeat(40), device: 'phone' }, Object.create(null), { path: '/market', device: 'tv' }]) {
      expect(reportedTab(moved, raw, 4000)).toBeNull();
    }
    const viewers = viewersOf([bobs, second, moved]);
    expect(viewers.map((v) => v.email)).toEqual(['ann@fund.example', 'bob@fund.example']);
    expect(viewers[0]).toMatchObject({ path: '/market', device: 'desktop', since: new Date(3000).toISOString(), opened_at: new Date(1000).toISOString() });
    expect(viewers[1]).toMatchObject({ path: null, device: null, role: 'admin' });
    // The same slide again keeps the time the viewer got there.
    expect(reportedTab(moved, { path: '/market', device: 'phone' }, 5000)!.pathSince).toBe(3000);
  });
});
