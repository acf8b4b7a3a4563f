// Shutdown: on SIGTERM (or close()) a process stops taking connections,
// lets the requests in flight finish, then closes its sockets and database and exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_FILE } from '../../src/platform/db/dataDirLock.ts';
import { DRAIN_DEADLINE_MS } from '../../src/platform/http/shutdown.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, startTestPlatform, writeMinimalDeckYaml } from './harness.ts';
import { testDatabase } from './testDatabase.ts';

const repo = resolve(import.meta.dirname, '../..');
const TSX = ['--import', pathToFileURL(join(repo, 'node_modules/tsx/dist/loader.mjs')).href];
const work = mkdtempSync(join(tmpdir(), 'shutdown-'));
const children: ChildProcess[] = [];
writeMinimalDeckYaml(work, 'stopapp', 'private_with_login');

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

const LOGIN_BODY = JSON.stringify({ email: ADMIN.email, password: ADMIN.password });
const HEALTH_OK = '{"status":"ok"}';

/** A raw connection and everything it has received so far. */
interface Wire {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

/**
 * Opens a connection carrying a sign-in whose body has only half arrived: a whole /healthz request
 * goes in the same write, so once its answer is back the server has certainly begun the sign-in.
 */
async function signInInFlight(baseUrl: string, appId: string): Promise<Wire & { finish(): void }> {
  const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1');
  await new Promise((done) => socket.once('connect', done));
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  // A reset shows as a missing answer in the test's own assertions, not as an uncaught error.
  socket.on('error', () => undefined);
  const half = Math.floor(LOGIN_BODY.length / 2);
  socket.write(
    'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n' +
      `POST /api/apps/${appId}/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(LOGIN_BODY)}\r\n\r\n${LOGIN_BODY.slice(0, half)}`,
  );
  await eventually(() => received.includes(HEALTH_OK), { what: 'the /healthz answer' });
  return { socket, received: () => received, closed, finish: () => socket.write(LOGIN_BODY.slice(half)) };
}

/** The second answer on the wire (after the /healthz one): status line and JSON body. */
function secondAnswer(received: string): { status: number; body: any; head: string } {
  const rest = received.slice(received.indexOf(HEALTH_OK) + HEALTH_OK.length);
  const [head = '', body = ''] = rest.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), head, body: body ? JSON.parse(body) : undefined };
}

/** Whether a new TCP connection to the port is refused. */
function refused(baseUrl: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });
}

describe('close(): graceful shutdown in the process', () => {
  it('lets a request in flight finish with its full answer while new connections are refused', async () => {
    const platform = await startTestPlatform();
    const wire = await signInInFlight(platform.url, platform.appId);
    const closing = platform.close();
    await eventually(() => refused(platform.url), { what: 'new connections refused' });
    wire.finish();
    await wire.closed;
    await closing;
    const answer = secondAnswer(wire.received());
    expect(answer.status).toBe(200);
    expect(answer.body.access_token).toMatch(/\S{20,}/);
    // Its connection closes after the answer instead of being kept alive on a stopping process.
    expect(answer.head).toMatch(/\r\nConnection: close/i);
    expect(platform.logs.join('\n')).not.toContain('were cut');
  });

  it('cuts a request still unfinished at the deadline, and still closes', async () => {
    const platform = await startTestPlatform();
    const wire = await signInInFlight(platform.url, platform.appId);
    const started = Date.now();
    await platform.close({ deadlineMs: 300 });
    const took = Date.now() - started;
    await wire.closed;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(3000);
    expect(secondAnswer(wire.received()).status).toBeNaN();
    expect(platform.logs).toContain('[platform] requests still running after 300 ms were cut');
  });
});

/** `tsx scripts/platform-start.ts` in the work folder, on this run's engine; resolves once it listens. */
async function startProcess(name: string): Promise<{ child: ChildProcess; url: string; output: () => string; dataDir: string; exit: Promise<number | null> }> {
  const database = await testDatabase();
  const dataDir = join(work, name);
  const child = spawn(process.execPath, [...TSX, join(repo, 'scripts', 'platform-start.ts')], {
    cwd: work,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SERVICE_TOKEN: 'shutdown-service-token-0123456789abcdef',
      ...('url' in database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await eventually(
    (): string | false => {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${output}`);
      return /ready at (http:\/\/\S+)/.exec(output)?.[1] ?? false;
    },
    { timeoutMs: 60_000, what: 'the platform process to listen' },
  );
  return { child, url: (url as string).replace('localhost', '127.0.0.1'), output: () => output, dataDir, exit };
}

describe('SIGTERM: graceful shutdown of a platform process', () => {
  it('answers the request in flight, refuses new connections, closes everything and exits 0', async () => {
    const server = await startProcess('sigterm');
    const wire = await signInInFlight(server.url, 'stopapp');
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await eventually(() => server.output().includes('SIGTERM: stopping the local platform'), { timeoutMs: 5000, what: 'the stopping line' });
    await eventually(() => refused(server.url), { what: 'new connections refused' });
    wire.finish();
    await wire.closed;
    const answer = secondAnswer(wire.received());
    expect(answer.status, wire.received()).toBe(200);
    expect(answer.body.access_token).toMatch(/\S{20,}/);
    const code = await server.exit;
    const took = Date.now() - signalled;
    console.log(`SIGTERM to exit: ${took} ms`);
    expect(code, server.output()).toBe(0);
    expect(took).toBeLessThan(DRAIN_DEADLINE_MS);
    expect(server.output()).toMatch(/\nstopped in \d+ ms\n/);
    expect(server.output()).not.toContain('were cut');
    // The data folder's claim is given back, so the next start takes it without a stale-lock check.
    expect(existsSync(join(server.dataDir, SERVER_FILE))).toBe(false);
  }, 90_000);
});

describe('SIGTERM twice: a supervisor signalling the whole group, and npm passing it on', () => {
  it('does not cut the drain short: the request in flight is answered and the process exits 0', async () => {
    const server = await startProcess('sigterm-twice');
    const wire = await signInInFlight(server.url, 'stopapp');
    server.child.kill('SIGTERM');
    await eventually(() => server.output().includes('SIGTERM: stopping the local platform'), { timeoutMs: 5000, what: 'the stopping line' });
    server.child.kill('SIGTERM');
    await eventually(() => server.output().includes('SIGTERM again: already stopping'), { timeoutMs: 5000, what: 'the second SIGTERM heard' });
    // Still draining: the request in flight gets its whole answer.
    wire.finish();
    await wire.closed;
    const answer = secondAnswer(wire.received());
    expect(answer.status, wire.received()).toBe(200);
    expect(answer.body.access_token).toMatch(/\S{20,}/);
    expect(await server.exit, server.output()).toBe(0);
    expect(server.output()).toMatch(/\nstopped in \d+ ms\n/);
    expect(server.output()).not.toContain('exiting now');
  }, 90_000);
});
