import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMinimalDeckYaml } from './harness.ts';
import { openPlatformDatabase } from '../../src/platform/platformSchema.ts';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'platform-durability-'));
const SERVICE = 'durability-service-token-0123456789';
const children: ChildProcess[] = [];
// `node --import tsx` runs the server in this very process; the tsx CLI would put a wrapper process
// in between, and a kill -9 of the wrapper would leave the server running.
const NODE_ARGS = ['--import', pathToFileURL(join(repo, 'node_modules/tsx/dist/loader.mjs')).href, join(repo, 'scripts/platform-start.ts')];

// The child runs from a folder of its own with a minimal deck.yaml, so the test does not depend on
// the real slides/deck.yaml; the environment overrides part of it, as docs/operating.md describes.
writeMinimalDeckYaml(work, 'from-yaml', 'public_without_login');

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function startChild(port: number): Promise<{ child: ChildProcess; output: () => string; startedMs: number }> {
  const child = spawn(process.execPath, NODE_ARGS, {
    cwd: work,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'data',
      APP_ID: 'durable',
      DECK_VISIBILITY: 'private_with_login',
      SERVICE_TOKEN: SERVICE,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const startedMs = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no start within 120 s:\n${output}`)), 120_000);
    child.stdout!.on('data', () => {
      const match = /started in (\d+) ms/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
    child.once('exit', (code) => fail(new Error(`exited ${code}:\n${output}`)));
  });
  return { child, output: () => output, startedMs };
}

async function runInvite(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [NODE_ARGS[0]!, NODE_ARGS[1]!, join(repo, 'scripts/invite.ts'), ...args], {
    cwd: work,
    env: { ...process.env, DATA_DIR: 'data', APP_ID: 'durable', DECK_VISIBILITY: 'private_with_login', SERVICE_TOKEN: SERVICE },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  return { code, output };
}

const api = (port: number, path: string, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${port}/api/apps/durable${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${SERVICE}`, 'Content-Type': 'application/json', ...init.headers },
  });

describe('durability', () => {
  it('a record acknowledged to the client survives kill -9 and a restart', async () => {
    const port = await freePort();
    const first = await startChild(port);
    expect(first.output()).toContain('app durable (private_with_login)');
    expect(first.output()).toContain('admin account created: owner@example.com');

    const written: string[] = [];
    for (let i = 0; i < 20; i++) {
      const reply = await api(port, '/entities/Ledger', { method: 'POST', body: JSON.stringify({ i }) });
      expect(reply.status).toBe(200);
      written.push(((await reply.json()) as { id: string }).id);
    }
    // No graceful shutdown: the process dies right after the last acknowledgement.
    first.child.kill('SIGKILL');
    await new Promise((done) => first.child.once('exit', done));
    expect(existsSync(join(work, 'data', 'server.json'))).toBe(true); // left behind by the kill

    const second = await startChild(port);
    expect(second.output()).not.toContain('admin account created');
    console.log(`cold start on an existing DATA_DIR: ${second.startedMs} ms`);
    const rows = (await (await api(port, '/entities/Ledger?sort=i')).json()) as Array<{ id: string; i: number }>;
    expect(rows.map((row) => row.id)).toEqual(written);
    const login = await api(port, '/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password-1' }),
      headers: { Authorization: '' },
    });
    expect(login.status).toBe(200);

    // A second server on the same DATA_DIR is refused instead of corrupting the database.
    const clash = spawn(process.execPath, NODE_ARGS, {
      cwd: work,
      env: { ...process.env, PORT: '0', DATA_DIR: 'data', SERVICE_TOKEN: SERVICE },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let clashOutput = '';
    clash.stderr!.on('data', (chunk) => (clashOutput += chunk));
    const code = await new Promise((done) => clash.once('exit', done));
    expect(code).toBe(1);
    expect(clashOutput).toMatch(/in use by process \d+/);

    // npm run invite goes through the running server while one holds DATA_DIR…
    const viaServer = await runInvite(['guest@example.com']);
    expect(viaServer.code, viaServer.output).toBe(0);
    expect(viaServer.output).toContain('through the running server');
    const users = (await (await api(port, `/entities/User?q=${encodeURIComponent('{"email":"guest@example.com"}')}`)).json()) as Array<Record<string, unknown>>;
    expect(users).toMatchObject([{ email: 'guest@example.com', role: 'user', is_registered: true }]);

    second.child.kill('SIGTERM');
    await new Promise((done) => second.child.once('exit', done));
    expect(existsSync(join(work, 'data', 'server.json'))).toBe(false);

    // …and writes to the folder directly when none does.
    const direct = await runInvite(['boss@example.com', 'admin']);
    expect(direct.code, direct.output).toBe(0);
    expect(direct.output).toContain('[outbox] to boss@example.com');
    expect((await runInvite(['not-an-email'])).code).toBe(2);
    const db = await openPlatformDatabase({ dataDir: join(work, 'data') });
    try {
      const row = (await db.query<{ role: string; invited: boolean }>('SELECT role, invited FROM users WHERE email = $1', ['boss@example.com'])).rows[0];
      expect(row).toEqual({ role: 'admin', invited: true });
    } finally {
      await db.close();
    }
  }, 300_000); // five PGlite opens: initdb alone took 35 s with several test runs sharing 2 cores
});
