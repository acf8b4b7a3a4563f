// Issue 14, "A production install works": what `npm run build` made (dist/ and dist-server/) plus
// package.json and the lock file, installed with `npm ci --omit=dev` in an empty folder, starts with
// `npm run serve`: no tsx, Vite, TypeScript or any other devDependency on the serving machine.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID_META } from '../../schemas/platformWire.ts';
import { readDeckPlatformSettings } from '../../src/platform/config.ts';
import { eventually } from '../support/waitFor.ts';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'production-install-'));
const ADMIN = { email: 'owner@deck.test', password: 'owner-password-long-1' };
const { appId } = readDeckPlatformSettings(join(repo, 'slides', 'deck.yaml'), repo);
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
let server: ChildProcess | undefined;
let output = '';
let installMs = 0;

// No tool of the build machine may be found on the PATH either (npm run adds node_modules/.bin).
const env = {
  ...process.env,
  PATH: (process.env.PATH ?? '').split(delimiter).filter((entry) => !entry.includes('node_modules')).join(delimiter),
  NODE_OPTIONS: '',
};

beforeAll(() => {
  // The build the browser project's setup made, copied as a deploy step would copy it.
  for (const entry of ['package.json', 'package-lock.json', 'dist', 'dist-server']) cpSync(join(repo, entry), join(work, entry), { recursive: true });
  mkdirSync(join(work, 'slides'));
  cpSync(join(repo, 'slides', 'deck.yaml'), join(work, 'slides', 'deck.yaml'));
  const started = Date.now();
  const install = spawnSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: work, env, encoding: 'utf8' });
  installMs = Date.now() - started;
  // Logged, not asserted (a loaded machine is slower): over a minute, CI's time limit needs a look.
  console.log(`npm ci --omit=dev: ${installMs} ms`);
  if (install.status !== 0) throw new Error(`npm ci failed (${install.status}):\n${install.stdout}\n${install.stderr}`);
}, 180_000);

afterAll(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

describe('a production install of the build', () => {
  it('has the runtime dependencies and none of the devDependencies', () => {
    for (const name of ['hono', 'socket.io', '@electric-sql/pglite', 'pg']) expect(existsSync(join(work, 'node_modules', name)), name).toBe(true);
    // Type declarations aside: engine.io and the Postgres adapter list @types/node and @types/pg as
    // their own dependencies (declarations only, nothing runs them).
    const present = Object.keys(manifest.devDependencies).filter((name) => !name.startsWith('@types/') && existsSync(join(work, 'node_modules', name)));
    expect(present).toEqual([]);
    for (const tool of ['vite', 'tsx', 'typescript', 'vitest', 'yaml']) expect(existsSync(join(work, 'node_modules', tool)), tool).toBe(false);
  });

  it('`npm run serve` starts the platform on dist/: healthy, the deck gated, the sign-in served; SIGTERM stops it with exit 0', async () => {
    server = spawn('npm', ['run', '-s', 'serve'], {
      cwd: work,
      env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(work, '.data'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    const exit = new Promise<number | null>((done) => server!.once('exit', (code) => done(code)));
    const url = await eventually(
      (): string | false => {
        if (server!.exitCode !== null) throw new Error(`exited ${server!.exitCode}: ${output}`);
        return /ready at http:\/\/[^:]+:(\d+)/.exec(output)?.[1] ?? false;
      },
      { timeoutMs: 90_000, what: 'npm run serve to listen' },
    ).then((port) => `http://127.0.0.1:${port}`);

    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    // A deck page without a session gets the content-free gate shell, whose script sends the visitor to /login.
    const gate = readFileSync(join(work, 'dist', '_gate.html'), 'utf8');
    const page = await fetch(`${url}/market`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(gate.replace('</head>', `<meta name="${APP_ID_META}" content="${appId}" /></head>`));
    const login = await fetch(`${url}/login`, { redirect: 'manual' });
    expect(login.status).toBe(200);
    expect(await login.text()).toBe(readFileSync(join(work, 'dist', 'login.html'), 'utf8').replace('</head>', `<meta name="${APP_ID_META}" content="${appId}" /></head>`));

    // The database works too: the first admin signs in, and their session opens the real page.
    const signIn = await fetch(`${url}/api/apps/${appId}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const admitted = await fetch(`${url}/market`, { headers: { Cookie: cookie } });
    expect(admitted.status).toBe(200);
    expect(await admitted.text()).toBe(readFileSync(join(work, 'dist', 'market.html'), 'utf8').replace('</head>', `<meta name="${APP_ID_META}" content="${appId}" /></head>`));

    // npm passes the signal on to the platform (the script execs node) and exits with its code.
    server.kill('SIGTERM');
    expect(await exit, output).toBe(0);
    expect(output).toMatch(/\nstopped in \d+ ms\n/);
  }, 150_000);
});
