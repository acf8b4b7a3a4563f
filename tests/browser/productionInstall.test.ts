// A production install works: what `npm run build` made (dist/ and dist-server/) plus
// package.json and the lock file, installed with `npm ci --omit=dev` in an empty folder, starts with
// `npm run serve`: no tsx, Vite, TypeScript or any other devDependency on the serving machine.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID_META } from '../../schemas/platformWire.ts';
import { PARTNER_META } from '../../schemas/viewerPartner.ts';
import { type PostgresServer, startPostgresServer } from '../../scripts/support/postgresServer.ts';
import { deckWidePartner } from '../../schemas/deckWidePartner.ts';
import { partnerOfSettings } from '../../schemas/partnerValues.ts';
import { readDeckPlatformSettings, readDeckSettings } from '../../src/platform/config.ts';
import { withoutPolicyMeta } from '../../src/platform/http/contentSecurityPolicy.ts';
import { eventually } from '../support/waitFor.ts';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'production-install-'));
const ADMIN = { email: 'owner@deck.test', password: 'owner-password-long-1' };
const { appId } = readDeckPlatformSettings(join(repo, 'slides', 'deck.yaml'), repo);
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
const servers: ChildProcess[] = [];
let postgres: PostgresServer | undefined;

// No tool of the build machine may be found on the PATH either (npm run adds node_modules/.bin).
const env = {
  ...process.env,
  PATH: (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => !entry.includes('node_modules'))
    .join(delimiter),
  NODE_OPTIONS: '',
};

beforeAll(() => {
  // The build the browser project's setup made, copied as a deploy step would copy it.
  for (const entry of ['package.json', 'package-lock.json', 'dist', 'dist-server']) cpSync(join(repo, entry), join(work, entry), { recursive: true });
  mkdirSync(join(work, 'slides'));
  cpSync(join(repo, 'slides', 'deck.yaml'), join(work, 'slides', 'deck.yaml'));
  const started = Date.now();
  const install = spawnSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: work,
    env,
    encoding: 'utf8',
  });
  // Logged, not asserted (a loaded machine is slower): over a minute, CI's time limit needs a look.
  console.log(`npm ci --omit=dev: ${Date.now() - started} ms`);
  if (install.status !== 0) throw new Error(`npm ci failed (${install.status}):\n${install.stdout}\n${install.stderr}`);
}, 180_000);

afterAll(() => {
  for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  postgres?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** `npm run serve` in the install folder with these settings; resolves with its address once it listens. */
async function serve(settings: Record<string, string>): Promise<{ url: string; output: () => string; stop(): Promise<number | null> }> {
  const server = spawn('npm', ['run', '-s', 'serve'], {
    cwd: work,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: 'Deck Owner', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(server);
  let output = '';
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));
  const port = await eventually(
    (): string | false => {
      if (server.exitCode !== null) throw new Error(`exited ${server.exitCode}: ${output}`);
      return /ready at http:\/\/[^:]+:(\d+)/.exec(output)?.[1] ?? false;
    },
    { timeoutMs: 90_000, what: 'npm run serve to listen' },
  );
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    // npm passes the signal on (the script execs node) and exits with the platform's code.
    stop: () => {
      server.kill('SIGTERM');
      return exit;
    },
  };
}

// The platform tells each page the app id, and sends the page's policy as a header instead of the build's <meta>.
const withAppId = (html: string) => withoutPolicyMeta(html).replace('</head>', `<meta name="${APP_ID_META}" content="${appId}" /></head>`);
const built = (file: string) => readFileSync(join(work, 'dist', file), 'utf8');

/** What every production start must do: healthy, the deck gated, the sign-in page served, the admin admitted. */
async function checkServes(url: string): Promise<void> {
  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  // A deck page without a session gets the content-free gate shell, whose script sends the visitor to /login.
  const page = await fetch(`${url}/market`, { redirect: 'manual' });
  expect(page.status).toBe(200);
  expect(await page.text()).toBe(withAppId(built('_gate.html')));
  expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'sha256-.*'strict-dynamic'/);
  const login = await fetch(`${url}/login`, { redirect: 'manual' });
  expect(login.status).toBe(200);
  expect(await login.text()).toBe(withAppId(built('login.html')));

  // The database works too: the first admin signs in, and their session opens the real page.
  const signIn = await fetch(`${url}/api/apps/${appId}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const admitted = await fetch(`${url}/market`, { headers: { Cookie: cookie } });
  expect(admitted.status).toBe(200);
  // The page as built, with the partner it is pitched to: the deck-wide one, since the admin
  // has no Prepared-for of their own.
  const partnerTag = new RegExp(`<meta name="${PARTNER_META}" content='([^']*)' />`);
  const served = await admitted.text();
  // (while deck.yaml's partner is a sample, the page names "you" and carries no word of the sample).
  const deckWide = partnerOfSettings(deckWidePartner(readDeckSettings(join(repo, 'slides', 'deck.yaml'))));
  expect(JSON.parse(partnerTag.exec(served)?.[1] ?? 'null')).toMatchObject({ name: deckWide.name });
  expect(served.replace(partnerTag, '')).toBe(withAppId(built('market.html')));
}

describe('a production install of the build', () => {
  it('has the runtime dependencies and none of the devDependencies', () => {
    // What dist-server/ needs at run time (csv-parse for imports, yaml for deck.yaml), and only that.
    for (const name of ['hono', 'socket.io', '@electric-sql/pglite', 'pg', 'csv-parse', 'yaml'])
      expect(existsSync(join(work, 'node_modules', name)), name).toBe(true);
    // Type declarations aside: engine.io and the Postgres adapter list @types/node and @types/pg as
    // their own dependencies (declarations only, nothing runs them).
    const present = Object.keys(manifest.devDependencies).filter((name) => !name.startsWith('@types/') && existsSync(join(work, 'node_modules', name)));
    expect(present).toEqual([]);
    // Build tools, and the browser's packages (bundled into dist/ by the build).
    for (const tool of ['vite', 'tsx', 'typescript', 'vitest', 'react', 'react-dom', 'wouter', 'framer-motion', 'socket.io-client']) {
      expect(existsSync(join(work, 'node_modules', tool)), tool).toBe(false);
    }
  });

  it('`npm run serve` on PGlite in DATA_DIR: serves the deck, invites with the bundled command, exits 0 on SIGTERM', async () => {
    const dataDir = join(work, '.data');
    const server = await serve({ DATA_DIR: dataDir });
    await checkServes(server.url);

    // The bundled invite command works without tsx too (here through the running server's API).
    const invite = spawnSync(process.execPath, ['dist-server/invite.mjs', 'guest@deck.test'], {
      cwd: work,
      env: { ...env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(invite.status, invite.stdout + invite.stderr).toBe(0);
    expect(invite.stdout).toMatch(/^Invited guest@deck\.test as user through the running server/);
    await eventually(() => server.output().includes('[outbox] to guest@deck.test'), { what: 'the invitation in the server log' });

    expect(await server.stop(), server.output()).toBe(0);
    expect(server.output()).toMatch(/\nstopped in \d+ ms\n/);
  }, 150_000);

  it('`npm run serve` on a Postgres server (DATABASE_URL): serves the deck and exits 0 on SIGTERM', async () => {
    postgres = await startPostgresServer({ durable: false });
    await postgres.admin('CREATE DATABASE deck');
    const server = await serve({ DATABASE_URL: postgres.url('deck'), SERVICE_TOKEN: 'production-install-service-token-0123456789' });
    expect(server.output()).toMatch(/data in Postgres at 127\.0\.0\.1:\d+\/deck/);
    await checkServes(server.url);
    expect(await server.stop(), server.output()).toBe(0);
    expect(server.output()).toMatch(/\nstopped in \d+ ms\n/);
  }, 150_000);
});
