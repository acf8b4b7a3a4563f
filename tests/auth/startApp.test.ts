// @vitest-environment node
// The whole app start against a loopback server: settings 200/403 (three reasons)/500 with its one retry, me 200/401/403.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { appStartReducer, initialAppStart, type AppStartEvent, type AppStartState } from '../../src/auth/appStart.ts';
import { startApp, type StartAppOptions } from '../../src/auth/startApp.ts';
import { createClient } from '../../src/sdk/index.ts';
import { closedPort, startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

let server: RecordingServer;
const settingsRoute = 'GET /api/apps/public/prod/public-settings/by-id/app-1';
const meRoute = 'GET /api/apps/app-1/entities/User/me';
const settings = { id: 'app-1', public_settings: 'private_with_login' };

/** Runs startApp the way the hook does: every event into the reducer, login requests and logs recorded. */
async function run(token: string | null, extra: Partial<StartAppOptions> = {}) {
  const events: AppStartEvent[] = [];
  const logs: unknown[][] = [];
  const loginRequired: AppStartState[] = [];
  const client = createClient({ serverUrl: server.url, appId: 'app-1', token, storage: null, location: null, history: null });
  const final = await startApp({
    client,
    dispatch: (event) => events.push(event),
    onLoginRequired: (state) => loginRequired.push(state),
    logger: { error: (...args) => logs.push(args) },
    retryDelayMs: 0,
    ...extra,
  });
  const replayed = events.reduce(appStartReducer, initialAppStart);
  return { final, replayed, events: events.map((e) => e.type), logs, loginRequired };
}

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('public settings', () => {
  test('200 without a token: settings kept whole, unauthenticated, no user check', async () => {
    server.reply(settingsRoute, { body: settings });
    const r = await run(null);
    expect(r.final).toMatchObject({
      phase: 'ready',
      publicSettings: settings,
      isAuthenticated: false,
      isLoadingAuth: false,
      isLoadingPublicSettings: false,
      authError: null,
    });
    expect(r.events).toEqual(['started', 'settings_loaded']);
    expect(r.replayed).toEqual(r.final);
    expect(server.to(meRoute)).toHaveLength(0);
    expect(server.to(settingsRoute)[0]?.headers.authorization).toBeUndefined();
  });

  test('403 auth_required: login required (called once), no retry, no user check', async () => {
    server.reply(settingsRoute, { status: 403, body: { detail: 'Login first', extra_data: { reason: 'auth_required' } } });
    const r = await run(null);
    expect(r.final.authError).toEqual({ type: 'auth_required', message: 'Authentication required' });
    expect(r.final.loginRequired).toBe(true);
    expect(r.loginRequired).toHaveLength(1);
    expect(server.to(settingsRoute)).toHaveLength(1);
    expect(server.to(meRoute)).toHaveLength(0);
  });

  test('403 user_not_registered: the not-registered state, no login redirect', async () => {
    server.reply(settingsRoute, { status: 403, body: { detail: 'nope', extra_data: { reason: 'user_not_registered' } } });
    const r = await run('tok');
    expect(r.final.authError).toEqual({ type: 'user_not_registered', message: 'User not registered for this app' });
    expect(r.final).toMatchObject({ isLoadingPublicSettings: false, isLoadingAuth: false, loginRequired: false });
    expect(r.loginRequired).toHaveLength(0);
    expect(server.to(settingsRoute)[0]?.headers.authorization).toBe('Bearer tok');
  });

  test('403 with another reason: the reason is the type, the server message is kept', async () => {
    server.reply(settingsRoute, { status: 403, body: { detail: 'Suspended for billing', extra_data: { reason: 'app_suspended' } } });
    const r = await run(null);
    expect(r.final.authError).toEqual({ type: 'app_suspended', message: 'Suspended for billing' });
    expect(r.loginRequired).toHaveLength(0);
  });

  test('500 twice: exactly one retry, then unknown / "Failed to load app", error logged', async () => {
    server.reply(settingsRoute, { status: 500, body: { detail: 'db down' } });
    const r = await run(null);
    expect(server.to(settingsRoute)).toHaveLength(2);
    expect(r.final.authError).toEqual({ type: 'unknown', message: 'Failed to load app', detail: 'db down' });
    expect(r.final).toMatchObject({ phase: 'failed', isLoadingPublicSettings: false, isLoadingAuth: false });
    expect(r.logs[0]?.[0]).toBe('App state check failed:');
    expect(r.events).toEqual(['started', 'settings_failed']);
  });

  test('500 then 200: the retry succeeds', async () => {
    server.reply(settingsRoute, { status: 500, body: {} }, { body: settings });
    const r = await run(null);
    expect(server.to(settingsRoute)).toHaveLength(2);
    expect(r.final).toMatchObject({ phase: 'ready', publicSettings: settings, authError: null });
  });

  test('the retry waits retryDelayMs', async () => {
    server.reply(settingsRoute, { status: 503, body: {} }, { body: settings });
    const started = Date.now();
    await run(null, { retryDelayMs: 150 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  test('an unreachable server is an "other failure"', async () => {
    const port = await closedPort();
    const r = await run(null, { client: createClient({ serverUrl: `http://127.0.0.1:${port}`, appId: 'app-1', storage: null, location: null }) });
    expect(r.final.authError).toEqual({ type: 'unknown', message: 'Failed to load app', detail: 'Network Error' });
  });
});

describe('the user check', () => {
  test('me 200: authenticated, the user with its role', async () => {
    server.reply(settingsRoute, { body: settings });
    server.reply(meRoute, { body: { id: 'u1', email: 'a@b.c', role: 'admin' } });
    const r = await run('tok');
    expect(r.final).toMatchObject({
      phase: 'ready',
      isAuthenticated: true,
      user: { id: 'u1', email: 'a@b.c', role: 'admin' },
      isLoadingAuth: false,
      isLoadingPublicSettings: false,
      authError: null,
      loginRequired: false,
    });
    expect(r.events).toEqual(['started', 'settings_loaded', 'user_loaded']);
    expect(server.to(meRoute)[0]?.headers.authorization).toBe('Bearer tok');
    expect(r.replayed).toEqual(r.final);
  });

  test.each([401, 403])('me %i: unauthenticated, auth_required, login required, error logged', async (status) => {
    server.reply(settingsRoute, { body: settings });
    server.reply(meRoute, { status, body: { detail: 'Token expired' } });
    const r = await run('tok');
    expect(r.final).toMatchObject({
      isAuthenticated: false,
      user: null,
      isLoadingAuth: false,
      authError: { type: 'auth_required', message: 'Authentication required' },
      loginRequired: true,
    });
    expect(r.loginRequired).toHaveLength(1);
    expect(r.logs[0]?.[0]).toBe('User auth check failed:');
    expect(server.to(meRoute)).toHaveLength(1);
  });

  test('me 500: unauthenticated without a login redirect', async () => {
    server.reply(settingsRoute, { body: settings });
    server.reply(meRoute, { status: 500, body: {} });
    const r = await run('tok');
    expect(r.final).toMatchObject({ isAuthenticated: false, authError: null, loginRequired: false });
    expect(r.loginRequired).toHaveLength(0);
  });
});

describe('ways to call it', () => {
  test('without a client: serverUrl, appId, token and fetch', async () => {
    server.reply(settingsRoute, { body: settings });
    server.reply(meRoute, { body: { id: 'u2', role: 'user' } });
    const seen: string[] = [];
    const final = await startApp({
      serverUrl: server.url,
      appId: 'app-1',
      token: 'tok2',
      fetch: (input, init) => {
        seen.push(new URL(String(input)).pathname);
        return fetch(input, init);
      },
      logger: { error: () => undefined },
    });
    expect(final.user).toEqual({ id: 'u2', role: 'user' });
    expect(seen).toEqual(['/api/apps/public/prod/public-settings/by-id/app-1', '/api/apps/app-1/entities/User/me']);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer tok2', 'Bearer tok2']);
  });

  test('an aborted signal stops the dispatches (the component unmounted)', async () => {
    server.reply(settingsRoute, { body: settings, delayMs: 400 });
    const controller = new AbortController();
    const pending = run('tok', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const r = await pending;
    expect(r.events).toEqual(['started']);
    expect(r.loginRequired).toHaveLength(0);
    expect(server.to(meRoute)).toHaveLength(0);
  });
});
