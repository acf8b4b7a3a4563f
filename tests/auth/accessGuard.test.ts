// @vitest-environment node
// The access guard against the real local platform (revocations) and a real
// socket.io server (a network drop), with real HTTP and real sockets throughout.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { guardAccess, type AccessGuard } from '../../src/auth/accessGuard.ts';
import { watchAccessSocket, type AccessSocketOptions } from '../../src/auth/accessSocket.ts';
import { checkAccess } from '../../src/auth/checkAccess.ts';
import { onActivityOrIdle } from '../../src/auth/onActivityOrIdle.ts';
import { createClient, type Base44Client } from '../../src/sdk/index.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { startRecordingServer, startSocketServer, type RecordingServer, type RecordingSocketServer } from '../support/recordingServer.ts';
import { eventually } from '../support/waitFor.ts';

let p: TestPlatform;
let admin: string;
let guards: AccessGuard[] = [];

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(() => p?.close());
afterEach(() => {
  for (const guard of guards) guard.stop();
  guards = [];
});

const clientFor = (serverUrl: string, token: string, appId = 'testapp'): Base44Client =>
  createClient({ serverUrl, appId, token, storage: null, location: null, history: null, logger: { error: () => undefined } });

/** A guard whose socket opens at once (the page "was used"), with no page to watch. */
function watch(client: Base44Client, socket: Partial<AccessSocketOptions> = {}) {
  const seen = { ended: 0, connects: 0 };
  const guard = guardAccess({
    client,
    onEnded: () => (seen.ended += 1),
    openSocket: (options) => watchAccessSocket({ ...options, ...socket, onConnect: () => (seen.connects += 1) }),
    whenActive: (open) => {
      open();
      return () => undefined;
    },
    pageErrors: () => () => undefined,
  });
  guards.push(guard);
  return { guard, seen };
}

const userId = async (token: string): Promise<string> => (await p.call('GET', '/entities/User/me', { token })).body.id;

describe('a revoked viewer, over the socket', () => {
  test('deleting the account while the deck is open ends access within a second', async () => {
    const token = await registeredUser(p, 'deleted@lender.test');
    const { seen } = watch(clientFor(p.url, token));
    await eventually(() => seen.connects === 1);
    const id = await userId(token);
    const started = Date.now();
    expect((await p.call('DELETE', `/entities/User/${id}`, { token: admin })).status).toBe(200);
    await eventually(() => seen.ended === 1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('revoked before the socket opened (an idle page): the refused connection ends access', async () => {
    const token = await registeredUser(p, 'early@lender.test');
    const id = await userId(token);
    await p.call('DELETE', `/entities/User/${id}`, { token: admin });
    const { seen } = watch(clientFor(p.url, token));
    await eventually(() => seen.ended === 1);
    expect(seen.connects).toBe(0);
  });

  test('another session of the same viewer signing out does not end this one; the socket stays', async () => {
    await registeredUser(p, 'twice@lender.test', 'twice-password-1');
    const mine = await p.login('twice@lender.test', 'twice-password-1');
    const other = await p.login('twice@lender.test', 'twice-password-1');
    const { seen } = watch(clientFor(p.url, mine));
    await eventually(() => seen.connects === 1);
    await p.call('POST', '/auth/logout', { token: other });
    expect(await checkAccess(clientFor(p.url, mine))).toBe('admitted');
    expect(seen).toEqual({ ended: 0, connects: 1 });
    // Signing out here, though, ends it: the token is dead.
    await p.call('POST', '/auth/logout', { token: mine });
    await eventually(() => seen.ended === 1);
  });

  test('checkAccess: admitted for a live viewer, ended for a dead token and for an uninvited account', async () => {
    expect(await checkAccess(clientFor(p.url, admin))).toBe('admitted');
    expect(await checkAccess(clientFor(p.url, 'not-a-token'))).toBe('ended');
    const stranger = await registeredUser(p, 'uninvited@elsewhere.test', 'uninvited-pass-1', false);
    expect(await checkAccess(clientFor(p.url, stranger))).toBe('ended');
  });
});

describe('what is not a revocation', () => {
  let http: RecordingServer;
  let io: RecordingSocketServer;
  beforeAll(async () => {
    http = await startRecordingServer();
    io = await startSocketServer();
  });
  afterAll(async () => {
    await io.close();
    await http.close();
  });

  test('a network drop: socket.io reconnects on its own and nothing is checked', async () => {
    http.reset();
    const { seen } = watch(clientFor(http.url, 'tok-1', 'app-1'), { serverUrl: io.url });
    await eventually(() => seen.connects === 1);
    await io.restart();
    await eventually(() => seen.connects === 2, 10_000);
    expect(http.to('GET /api/apps/app-1/entities/User/me')).toHaveLength(0);
    expect(seen.ended).toBe(0);
  });

  test('a failed call is checked: 500 or a network failure keeps the deck, 401 ends it', async () => {
    http.reset();
    http.reply('GET /api/apps/app-1/entities/User/me', { status: 500, body: { detail: 'down' } });
    const first = watch(clientFor(http.url, 'tok-2', 'app-1'), { serverUrl: io.url });
    first.guard.suspect();
    await eventually(() => http.to('GET /api/apps/app-1/entities/User/me').length === 1);
    expect(first.seen.ended).toBe(0);

    http.reply('GET /api/apps/app-1/entities/User/me', { status: 401, body: { detail: 'Invalid token' } });
    const second = watch(clientFor(http.url, 'tok-3', 'app-1'), { serverUrl: io.url });
    second.guard.suspect();
    await eventually(() => second.seen.ended === 1);
    expect(first.seen.ended).toBe(0);
  });
});

describe('onActivityOrIdle', () => {
  test('runs once on the first activity, or once after the idle time, never both', () => {
    // The idle timer is the thing under test, so the clock is driven by hand instead of waited on.
    vi.useFakeTimers();
    try {
      const target = new EventTarget() as unknown as Window;
      let runs = 0;
      onActivityOrIdle(['keydown'], () => (runs += 1), 50, target);
      target.dispatchEvent(new Event('keydown'));
      target.dispatchEvent(new Event('keydown'));
      expect(runs).toBe(1);
      vi.advanceTimersByTime(80);
      expect(runs).toBe(1);

      let idle = 0;
      onActivityOrIdle(['keydown'], () => (idle += 1), 20, target);
      vi.advanceTimersByTime(19);
      expect(idle).toBe(0);
      vi.advanceTimersByTime(1);
      expect(idle).toBe(1);
      target.dispatchEvent(new Event('keydown'));
      expect(idle).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
