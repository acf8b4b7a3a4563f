// @vitest-environment node
// Protocol table rows for `auth.*`, plus the token lifecycle the auth module owns (set, store, logout, login page).
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Base44Error, createClient, type ClientConfig, type LocationLike } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';
import { eventually } from '../support/waitFor.ts';

/** The entity names these tests use; any name works at run time. */
type Deck = Record<'Brand' | 'Whatever' | 'AnyName', Record<string, unknown>>;

let server: RecordingServer;
let win: Window;
const base = '/api/apps/app-1';

/** A page address whose navigations are recorded instead of performed. */
function page(href: string) {
  const visits: string[] = [];
  let reloads = 0;
  const location: LocationLike = {
    href,
    assign: (url) => void visits.push(url),
    reload: () => void (reloads += 1),
  };
  return { location, visits, reloads: () => reloads };
}

const make = (extra: Partial<ClientConfig> = {}) =>
  createClient<Deck>({ serverUrl: server.url, appId: 'app-1', storage: win.localStorage, location: null, history: null, ...extra });

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  win = new Window({ url: 'http://deck.test/' });
});
afterEach(() => win.happyDOM.close());

describe('current user', () => {
  test('me: GET /entities/User/me resolves the user', async () => {
    server.reply(`GET ${base}/entities/User/me`, { body: { id: 'u1', role: 'admin' } });
    await expect(make({ token: 't' }).auth.me()).resolves.toEqual({ id: 'u1', role: 'admin' });
    expect(server.to(`GET ${base}/entities/User/me`)).toHaveLength(1);
  });

  test('updateMe: PUT /entities/User/me with the changes', async () => {
    server.reply(`PUT ${base}/entities/User/me`, { body: { id: 'u1', full_name: 'Ada' } });
    await expect(make({ token: 't' }).auth.updateMe({ full_name: 'Ada' })).resolves.toEqual({ id: 'u1', full_name: 'Ada' });
    expect(server.to(`PUT ${base}/entities/User/me`)[0]?.body).toEqual({ full_name: 'Ada' });
  });

  test('isAuthenticated: true on 2xx', async () => {
    server.reply(`GET ${base}/entities/User/me`, { body: { id: 'u1' } });
    await expect(make({ token: 't' }).auth.isAuthenticated()).resolves.toBe(true);
  });

  test('isAuthenticated: false on a 401, never a rejection', async () => {
    server.reply(`GET ${base}/entities/User/me`, { status: 401, body: { detail: 'no' } });
    await expect(make().auth.isAuthenticated()).resolves.toBe(false);
  });
});

describe('email login', () => {
  test('POST /auth/login {email, password}: no turnstile_token unless given; the token is then set', async () => {
    server.reply(`POST ${base}/auth/login`, { body: { access_token: 'fresh', user: { id: 'u1' }, extra: 1 } });
    const client = make();
    await expect(client.auth.loginViaEmailPassword('a@b.c', 'pw')).resolves.toEqual({
      access_token: 'fresh',
      user: { id: 'u1' },
    });
    expect(server.to(`POST ${base}/auth/login`)[0]?.body).toEqual({ email: 'a@b.c', password: 'pw' });
    await client.auth.me();
    expect(server.to(`GET ${base}/entities/User/me`)[0]?.headers.authorization).toBe('Bearer fresh');
    expect(win.localStorage.getItem('base44_access_token')).toBe('fresh');
    expect(win.localStorage.getItem('token')).toBe('fresh');
  });

  test('turnstile_token is sent when supplied', async () => {
    server.reply(`POST ${base}/auth/login`, { body: { access_token: 'x', user: {} } });
    await make().auth.loginViaEmailPassword('a@b.c', 'pw', 'ts-123');
    expect(server.to(`POST ${base}/auth/login`)[0]?.body).toEqual({ email: 'a@b.c', password: 'pw', turnstile_token: 'ts-123' });
  });

  test('a failed login rejects with Base44Error carrying the status', async () => {
    server.reply(`POST ${base}/auth/login`, { status: 400, body: { detail: 'Invalid email' } });
    const error = await make()
      .auth.loginViaEmailPassword('x', 'y')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Base44Error);
    expect(error).toMatchObject({ status: 400, message: 'Invalid email', code: 'ERR_BAD_REQUEST' });
  });
});

describe('account calls (bodies renamed to snake_case where the table says)', () => {
  const cases: Array<[string, (c: ReturnType<typeof make>) => Promise<unknown>, string, unknown]> = [
    ['register', (c) => c.auth.register({ email: 'a@b.c', password: 'pw' }), '/auth/register', { email: 'a@b.c', password: 'pw' }],
    ['verifyOtp', (c) => c.auth.verifyOtp({ email: 'a@b.c', otpCode: '123456' }), '/auth/verify-otp', { email: 'a@b.c', otp_code: '123456' }],
    ['resendOtp', (c) => c.auth.resendOtp('a@b.c'), '/auth/resend-otp', { email: 'a@b.c' }],
    ['resetPasswordRequest', (c) => c.auth.resetPasswordRequest('a@b.c'), '/auth/reset-password-request', { email: 'a@b.c' }],
    ['resetPassword', (c) => c.auth.resetPassword({ resetToken: 'rt', newPassword: 'np' }), '/auth/reset-password', { reset_token: 'rt', new_password: 'np' }],
    [
      'changePassword',
      (c) => c.auth.changePassword({ userId: 'u1', currentPassword: 'old', newPassword: 'new' }),
      '/auth/change-password',
      { user_id: 'u1', current_password: 'old', new_password: 'new' },
    ],
    ['inviteUser', (c) => c.auth.inviteUser('x@y.z', 'admin'), '/users/invite-user', { user_email: 'x@y.z', role: 'admin' }],
  ];
  for (const [name, call, path, body] of cases) {
    test(`${name}: POST ${path}`, async () => {
      server.reply(`POST ${base}${path}`, { body: { done: name } });
      await expect(call(make({ token: 't' }))).resolves.toEqual({ done: name });
      const [req] = server.to(`POST ${base}${path}`);
      expect(req?.body).toEqual(body);
      expect(req?.headers['content-type']).toBe('application/json');
    });
  }
});

describe('setToken, logout and the login page', () => {
  test('auth.setToken saves under both keys; saveToStorage=false keeps it in memory only', async () => {
    const client = make();
    client.auth.setToken('kept', false);
    expect(win.localStorage.getItem('token')).toBeNull();
    await client.auth.me().catch(() => undefined);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer kept');
    client.auth.setToken('saved');
    expect(win.localStorage.getItem('base44_access_token')).toBe('saved');
    expect(win.localStorage.getItem('token')).toBe('saved');
  });

  test('logout(redirectUrl) removes both keys, drops the bearer and goes to redirectUrl', async () => {
    const p = page('http://deck.test/market');
    const client = make({ token: 'tok', location: p.location });
    expect(win.localStorage.getItem('token')).toBe('tok');
    client.auth.logout('http://deck.test/market');
    expect(win.localStorage.getItem('base44_access_token')).toBeNull();
    expect(win.localStorage.getItem('token')).toBeNull();
    expect(p.visits).toEqual(['http://deck.test/market']);
    await client.entities.Brand.list();
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  test('logout() without a target reloads the page', () => {
    const p = page('http://deck.test/');
    make({ token: 'tok', location: p.location }).auth.logout();
    expect(p.reloads()).toBe(1);
    expect(p.visits).toEqual([]);
  });

  test('redirectToLogin(next) goes to {appBaseUrl}/login?from_url={encoded absolute next}', () => {
    const p = page('http://deck.test/problem?x=1');
    make({ location: p.location, appBaseUrl: 'https://apps.example' }).auth.redirectToLogin('/market?a=b&c=d');
    expect(p.visits).toEqual([`https://apps.example/login?from_url=${encodeURIComponent('http://deck.test/market?a=b&c=d')}`]);
  });

  test('redirectToLogin without appBaseUrl stays on this origin, from the current address', () => {
    const p = page('http://deck.test/problem');
    make({ location: p.location }).auth.redirectToLogin();
    expect(p.visits).toEqual([`/login?from_url=${encodeURIComponent('http://deck.test/problem')}`]);
  });

  test('redirectToLogin outside a browser throws instead of failing silently', () => {
    expect(() => make().auth.redirectToLogin('/x')).toThrow('Login method can only be used in a browser environment');
  });
});

describe('requiresAuth', () => {
  test('a failed me right after creation sends the user to the login page', async () => {
    server.reply(`GET ${base}/entities/User/me`, { status: 401, body: { detail: 'Unauthorized' } });
    const p = page('http://deck.test/ecosystem');
    make({ requiresAuth: true, location: p.location });
    await eventually(() => expect(p.visits).toEqual([`/login?from_url=${encodeURIComponent('http://deck.test/ecosystem')}`]));
  });

  test('a signed-in user stays', async () => {
    server.reply(`GET ${base}/entities/User/me`, { body: { id: 'u1' } });
    const p = page('http://deck.test/');
    const client = make({ requiresAuth: true, token: 'good', location: p.location });
    await eventually(() => expect(server.to(`GET ${base}/entities/User/me`)).toHaveLength(1));
    // A barrier, not a wait: a second `me` answered means the first answer (and any redirect it
    // would have caused) has long been handled.
    await client.auth.me();
    expect(server.to(`GET ${base}/entities/User/me`)).toHaveLength(2);
    expect(p.visits).toEqual([]);
  });
});
