import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeckVisibility } from '../../schemas/deckSettings.ts';
import type { PlatformOptions } from '../../src/platform/config.ts';
import { startPlatform, type RunningPlatform } from '../../src/platform/server.ts';
import { dropTestDatabase, testDatabase } from './testDatabase.ts';

export { migratedSnapshot } from './testDatabase.ts';

/** Admin credentials every test platform starts with. */
export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1', name: 'Test Admin' };

/** A reply of the test platform: status, parsed JSON (or text) and headers. */
export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

/** A platform on a free loopback port with a database of its own (this run's engine), plus a request helper. */
export interface TestPlatform extends RunningPlatform {
  appId: string;
  logs: string[];
  /** Calls `/api/apps/{app ?? appId}{path}` (or an absolute `/…` path when `raw`). */
  call(method: string, path: string, init?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: boolean; app?: string }): Promise<Reply>;
  /** Signs in and returns the access token. */
  login(email: string, password: string): Promise<string>;
}

/**
 * Starts a test platform; every setting is explicit, so slides/deck.yaml is never read. Its
 * database is new (testDatabase.ts) unless `extra` names one (dataDir, snapshot or databaseUrl).
 */
export async function startTestPlatform(visibility: DeckVisibility = 'private_with_login', extra: Partial<PlatformOptions> = {}): Promise<TestPlatform> {
  const logs: string[] = [];
  const appId = extra.appId ?? 'testapp';
  const named = extra.dataDir !== undefined || extra.snapshot !== undefined || extra.databaseUrl !== undefined;
  const database = named ? {} : await testDatabase();
  const platform = await startPlatform({
    appId,
    visibility,
    port: 0,
    host: '127.0.0.1',
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    // Named, as ADMIN_NAME names the first admin: the sign-in page asks an unnamed admin for a name first.
    adminName: ADMIN.name,
    serviceToken: 'service-token-for-tests-0123456789abcdef',
    staticDir: extra.staticDir ?? join(tmpdir(), 'no-such-deck'),
    log: (line) => logs.push(line),
    // As writeMinimalDeckYaml's: who the mail names as sender.
    deck: { company: 'Test Co', title: 'investor deck' },
    ...('url' in database ? { databaseUrl: database.url } : database),
    ...extra,
  });
  const call: TestPlatform['call'] = async (method, path, init = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' || init.body instanceof FormData ? init.body : JSON.stringify(init.body);
      if (!(init.body instanceof FormData)) headers['Content-Type'] ??= 'application/json';
    }
    const url = `${platform.url}${init.raw ? path : `/api/apps/${init.app ?? appId}${path}`}`;
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    // Codes and mail are written after the reply (afterReply.ts): wait for them like a mailbox would.
    await platform.settled();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  const login = async (email: string, password: string) => {
    const reply = await call('POST', '/auth/login', { body: { email, password } });
    if (reply.status !== 200) throw new Error(`login ${email}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.access_token as string;
  };
  // The database this platform was given goes with it.
  const close = platform.close.bind(platform);
  const closeAndDrop: TestPlatform['close'] = async (options) => {
    await close(options);
    if ('url' in database) await dropTestDatabase(database);
  };
  return Object.assign(platform, { appId, logs, call, login, close: closeAndDrop });
}

/**
 * The latest mail of `kind` to `email`, read from the server log: codes and reset links appear
 * only there, never in the stored outbox.
 */
export async function latestMail(platform: TestPlatform, email: string, kind: string): Promise<string> {
  await platform.settled();
  const line = platform.logs.findLast((entry) => entry.startsWith(`[outbox] to ${email} (${kind}):`));
  if (line === undefined) throw new Error(`no ${kind} mail for ${email} in the log`);
  return line;
}

/** Invites, registers and verifies a user through the API; returns their token. */
export async function registeredUser(platform: TestPlatform, email: string, password = 'user-password-1', invite = true): Promise<string> {
  if (invite) await platform.call('POST', '/users/invite-user', { token: platform.serviceToken, body: { user_email: email, role: 'user' } });
  const registered = await platform.call('POST', '/auth/register', { body: { email, password } });
  if (registered.status !== 200) throw new Error(`register ${email}: ${JSON.stringify(registered.body)}`);
  const code = /code is (\d{6})/.exec(await latestMail(platform, email, 'otp'))?.[1];
  const verified = await platform.call('POST', '/auth/verify-otp', { body: { email, otp_code: code } });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${JSON.stringify(verified.body)}`);
  return verified.body.access_token as string;
}

/** A temp folder standing in for dist/ with the given files. */
export function fakeDeck(files: Record<string, string>): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'deck-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A minimal slides/deck.yaml in `dir`, so a platform process started there never reads the real one. */
export function writeMinimalDeckYaml(dir: string, appId: string, visibility: DeckVisibility): void {
  mkdirSync(join(dir, 'slides'), { recursive: true });
  writeFileSync(
    join(dir, 'slides', 'deck.yaml'),
    [
      'company: { name: Test Co }',
      'partner: { name: Partner, licence: "NMLS #1" }',
      'host: { name: Host, domain: host.example }',
      'contact: { phone: "(555) 010-0100", website: test.example }',
      `platform: { appId: ${appId}, visibility: ${visibility} }`,
    ].join('\n'),
  );
}
