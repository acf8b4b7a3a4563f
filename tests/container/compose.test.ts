import { randomBytes } from 'node:crypto';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK_PDF_PATH, ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { readDeckPlatformSettings } from '../../src/platform/config.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer.ts';
import { eventually } from '../support/waitFor.ts';
import { ensureBaseImages, NODE_IMAGE, POSTGRES_IMAGE } from './baseImages.ts';
import { buildDeckImage, DECK_IMAGE as IMAGE } from './deckImage.ts';
import { hasCommand, imageExists, podmanEnvironment, run } from './podman.ts';

// The deck as an operator runs it: the repository's Containerfile built on a Node 24 base, then
// compose.yaml with Postgres, driven by podman-compose as docs/operating.md's commands drive it. Real
// containers, a real SMTP server on the host, real signals. Outside `npm test` (minutes, and it needs
// podman): `npm run test:container`, and .ci/run after npm test when the base images are at hand.

const repo = resolve(import.meta.dirname, '../..');
const PROJECT = `decktest${randomBytes(3).toString('hex')}`;
const DECK = `${PROJECT}_deck_1`;
const DECK_2 = `${PROJECT}_deck-2_1`;
const APP = readDeckPlatformSettings(join(repo, 'slides', 'deck.yaml'), repo).appId;
const SECRETS = { database: randomBytes(16).toString('hex'), service: randomBytes(32).toString('hex') };
const ADMIN = { email: 'owner@deck.example', password: `Owner-${randomBytes(9).toString('base64url')}`, name: 'Ann Lee' };
const PARTNER = { email: 'pat@fund.example', password: `Partner-${randomBytes(9).toString('base64url')}`, name: 'Pat Reed', company: 'Reed Capital' };
const SMTP = { user: 'deck', pass: randomBytes(9).toString('hex') };
// The compose project's folder (compose.yaml, .env, backups/) and the test's containers.conf.
const project = mkdtempSync(join(tmpdir(), 'deck-compose-'));
const env = podmanEnvironment(project);
const timings: string[] = [];
let ports: { deck: number; second: number; smtp: number };
let smtp: TestSmtpServer | undefined;

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '0.0.0.0', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** podman-compose in the project's folder, where compose.yaml and .env are, as an operator types it. */
const compose = (...args: string[]) => run('podman-compose', ['-p', PROJECT, ...args], { cwd: project, env });
const podman = (...args: string[]) => run('podman', args, { env });

async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await step();
  timings.push(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return value;
}

interface Reply {
  status: number;
  body: unknown;
}

/** The deck's API on the host port `port`, as `token` (a person's or the service role's). */
async function api(port: number, method: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<Reply> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`http://127.0.0.1:${port}/api/apps/${APP}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    // A container killed mid-request leaves the connection unanswered rather than refused.
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/** Waits until the process behind `port` answers /healthz with 200 (a start on a busy machine takes a while). */
function healthy(port: number): Promise<void> {
  return eventually(
    async () => {
      const reply = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (reply.status !== 200) throw new Error(`/healthz ${reply.status}`);
    },
    { timeoutMs: 120_000, what: `/healthz 200 on port ${port}` },
  );
}

async function signIn(port: number, email: string, password: string): Promise<string> {
  const reply = await api(port, 'POST', '/auth/login', { body: { email, password } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body as { access_token: string }).access_token;
}

const logsOf = async (container: string) => (await podman('logs', container)).output;
const stateOf = async (container: string) =>
  JSON.parse((await podman('inspect', '--format', '{{json .State}}', container)).stdout) as { Status: string; ExitCode: number; StartedAt: string };

/** The ids of the Ledger records, oldest first. */
async function ledger(port: number): Promise<string[]> {
  const reply = await api(port, 'GET', '/entities/Ledger?sort=i&limit=5000', { token: SECRETS.service });
  expect(reply.status).toBe(200);
  return (reply.body as Array<{ id: string }>).map((row) => row.id);
}

/**
 * The three commands of docs/operating.md's compose section, as an operator types them with Podman
 * (`podman-compose` in place of `docker compose`; the project named so that nothing else is touched).
 */
function documentedCommands(): { start: string; backup: string; restore: string } {
  const doc = readFileSync(join(repo, 'docs', 'operating.md'), 'utf8');
  const from = doc.indexOf('Then the three commands');
  expect(from, 'docs/operating.md: "Then the three commands"').toBeGreaterThan(0);
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(from))![1]!;
  const lines = block
    .trim()
    .split('\n')
    .map((line) => line.replaceAll('docker compose', `podman-compose -p ${PROJECT}`));
  expect(lines).toHaveLength(3);
  return { start: lines[0]!, backup: lines[1]!, restore: lines[2]! };
}

const shell = (command: string) => run('sh', ['-c', command], { cwd: project, env });

beforeAll(async () => {
  for (const command of ['podman', 'podman-compose']) {
    if (!(await hasCommand(command))) throw new Error(`${command} is not installed: apt-get install podman runc podman-compose debootstrap`);
  }
  const made = await timed('base images', () => ensureBaseImages(env));
  if (made.length) timings.push(`made ${made.join(', ')}`);
  ports = { deck: await freePort(), second: await freePort(), smtp: await freePort() };
  copyFileSync(join(repo, 'compose.yaml'), join(project, 'compose.yaml'));
  mkdirSync(join(project, 'backups'));
  // The operator's .env (docs/operating.md), plus the test's images, addresses and mail server.
  const settings = {
    DECK_DB_PASSWORD: SECRETS.database,
    SERVICE_TOKEN: SECRETS.service,
    DECK_IMAGE: IMAGE,
    DECK_POSTGRES_IMAGE: POSTGRES_IMAGE,
    DECK_BASE: NODE_IMAGE,
    DECK_PORT: `127.0.0.1:${ports.deck}`,
    DECK_2_PORT: `127.0.0.1:${ports.second}`,
    PUBLIC_URL: `http://127.0.0.1:${ports.deck}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    // The host as the containers reach it: the gateway of the project's network (podman's name for it).
    SMTP_URL: `smtp://${SMTP.user}:${SMTP.pass}@host.containers.internal:${ports.smtp}`,
    MAIL_FROM: 'Investor deck <no-reply@deck.example>',
  };
  writeFileSync(
    join(project, '.env'),
    Object.entries(settings)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
    { mode: 0o600 },
  );
});

/** The project's containers, and the volumes they use (compose's named one and each anonymous /data). */
async function projectContainers(): Promise<{ containers: string[]; volumes: string[] }> {
  const listed = await run('podman', ['ps', '-a', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Names}}'], {
    env,
    allowFailure: true,
  });
  const containers = listed.stdout.split('\n').filter(Boolean);
  const volumes: string[] = [];
  for (const container of containers) {
    const mounts = await run('podman', ['inspect', '--format', '{{range .Mounts}}{{.Name}} {{end}}', container], { env, allowFailure: true });
    volumes.push(...mounts.stdout.split(/\s+/).filter(Boolean));
  }
  return { containers, volumes };
}

/** Removes whatever of the project is left: containers, their volumes, the network. */
async function removeProject(): Promise<void> {
  const { containers, volumes } = await projectContainers();
  if (containers.length) await run('podman', ['rm', '--force', '--time', '0', ...containers], { env, allowFailure: true });
  if (volumes.length) await run('podman', ['volume', 'rm', '--force', ...volumes], { env, allowFailure: true });
  await run('podman', ['network', 'rm', '--force', `${PROJECT}_default`], { env, allowFailure: true });
}

afterAll(async () => {
  await smtp?.close();
  await removeProject();
  rmSync(project, { recursive: true, force: true });
  console.log(`container test, ${PROJECT}:\n  ${timings.join('\n  ')}`);
});

describe('the container image and compose.yaml', () => {
  it('builds on the base image given as BASE: a user that is not root, a health check on /healthz, the deck and its PDF inside', async () => {
    const before = (await run('podman', ['image', 'inspect', '--format', '{{.Id}}', IMAGE], { env, allowFailure: true })).stdout.trim();
    await timed('image build', () => buildDeckImage(env));
    // The image this build replaced, if nothing else uses it: each run would otherwise leave one behind.
    const after = (await podman('image', 'inspect', '--format', '{{.Id}}', IMAGE)).stdout.trim();
    if (before && before !== after) await run('podman', ['rmi', before], { env, allowFailure: true });

    const [image] = JSON.parse((await podman('image', 'inspect', IMAGE)).stdout) as Array<{
      Size: number;
      Config: { User: string; StopSignal: string; Env: string[]; Volumes: Record<string, unknown> };
      Healthcheck?: { Test: string[] };
    }>;
    timings.push(`image size: ${Math.round(image!.Size / 1e6)} MB`);
    expect(image!.Config.User).toBe('deck');
    expect(image!.Config.StopSignal).toBe('SIGTERM');
    expect(Object.keys(image!.Config.Volumes)).toEqual(['/data']);
    expect(image!.Config.Env).toEqual(expect.arrayContaining(['DATA_DIR=/data', 'CHROMIUM_PATH=/usr/bin/chromium', 'NODE_ENV=production']));
    expect(image!.Healthcheck?.Test.join(' ')).toContain('/healthz');

    // Inside: a user that is not root, the deck-wide PDF printed at build time, chromium, no build tools.
    const inside = await podman(
      'run',
      '--rm',
      IMAGE,
      'sh',
      '-c',
      'id -u; node --version; test -s dist/deck.pdf && echo pdf; test -x /usr/bin/chromium && echo chromium; test -e node_modules/vite || echo no-vite; stat -c %a /data',
    );
    const [uid, node, ...rest] = inside.stdout.trim().split('\n');
    expect(Number(uid)).toBeGreaterThan(0);
    expect(node).toMatch(/^v24\./);
    expect(rest).toEqual(['pdf', 'chromium', 'no-vite', '700']);
  });

  it('runs alone on the embedded database in its /data volume, and drains on SIGTERM', async () => {
    const port = await freePort();
    const alone = `${PROJECT}_alone`;
    await podman(
      'run',
      '--detach',
      '--name',
      alone,
      '--label',
      `io.podman.compose.project=${PROJECT}`,
      '--publish',
      `127.0.0.1:${port}:3000`,
      '--volume',
      `${PROJECT}_alone-data:/data`,
      '--env',
      `ADMIN_EMAIL=${ADMIN.email}`,
      '--env',
      `ADMIN_PASSWORD=${ADMIN.password}`,
      '--env',
      `ADMIN_NAME=${ADMIN.name}`,
      IMAGE,
    );
    await timed('alone: start to healthy', () => healthy(port));
    // The image's own HEALTHCHECK, which podman runs when asked (no systemd timer here runs it on its own).
    expect((await podman('healthcheck', 'run', alone)).code).toBe(0);
    await signIn(port, ADMIN.email, ADMIN.password);
    const data = await podman('exec', alone, 'sh', '-c', 'stat -c "%U %a" /data && ls /data');
    expect(data.stdout).toMatch(/^deck 700\n/);
    expect(data.stdout).toContain('server.json');

    await timed('alone: stop (SIGTERM, drained)', () => podman('stop', '--time', '20', alone));
    expect((await stateOf(alone)).ExitCode).toBe(0);
    const log = await logsOf(alone);
    expect(log).toMatch(/SIGTERM: stopping the local platform/);
    expect(log).toMatch(/stopped in \d+ ms/);
    await podman('rm', '--volumes', alone);
    await podman('volume', 'rm', `${PROJECT}_alone-data`);
  });

  it('starts the database, then the deck on it, healthy by /healthz and by the image’s own check', async () => {
    await timed('compose up', () => shell(documentedCommands().start));
    await timed('first start to healthy', () => healthy(ports.deck));
    // The start-up message follows the first answers by a moment.
    const log = await eventually(async () => (await logsOf(DECK)).includes('Local platform ready') && logsOf(DECK), {
      timeoutMs: 30_000,
      what: 'the start-up message in the log',
    });
    expect(log).toMatch(/admin account created: owner@deck\.example/);
    // compose.yaml's health checks of the database and the deck.
    expect((await podman('healthcheck', 'run', `${PROJECT}_db_1`)).code).toBe(0);
    expect((await podman('healthcheck', 'run', DECK)).code).toBe(0);
    // The mail server listens only where the containers reach the host: their network's gateway.
    const [network] = JSON.parse((await podman('network', 'inspect', `${PROJECT}_default`)).stdout) as Array<{ subnets: Array<{ gateway: string }> }>;
    smtp = await startSmtpServer(SMTP, { host: network!.subnets[0]!.gateway, port: ports.smtp });
  });

  it('signs in, invites through the mail server, and the partner signs up with the mailed code and downloads their own PDF', async () => {
    const admin = await signIn(ports.deck, ADMIN.email, ADMIN.password);
    const options = await api(ports.deck, 'POST', `/entities/${ENGAGEMENT_ENTITY.options}`, { token: admin, body: { downloads: true } });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const invited = await api(ports.deck, 'POST', '/users/invite-user', {
      token: admin,
      body: { user_email: PARTNER.email, role: 'user', prepared_for: { name: PARTNER.name, company: PARTNER.company } },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const invitation = await smtp!.waitForMail(PARTNER.email, () => true, 30_000);
    expect(invitation.sender.address).toBe('no-reply@deck.example');
    expect(invitation.user).toBe(SMTP.user);
    expect(invitation.text).toContain(`http://127.0.0.1:${ports.deck}/`);
    expect(invitation.text).toContain(ADMIN.name);

    const registered = await api(ports.deck, 'POST', '/auth/register', { body: { email: PARTNER.email, password: PARTNER.password } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const codeMail = await smtp!.waitForMail(PARTNER.email, (mail) => /code is \d{6}/.test(mail.text), 30_000);
    const code = /code is (\d{6})/.exec(codeMail.text)![1];
    const verified = await api(ports.deck, 'POST', '/auth/verify-otp', { body: { email: PARTNER.email, otp_code: code } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const partner = (verified.body as { access_token: string }).access_token;

    // The partner's own PDF, printed by Debian's chromium in the container as the deck's user.
    const pdf = await timed("partner's PDF", () =>
      fetch(`http://127.0.0.1:${ports.deck}${DECK_PDF_PATH}`, { headers: { Authorization: `Bearer ${partner}` }, signal: AbortSignal.timeout(180_000) }),
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await logsOf(DECK)).toMatch(/printed the PDF for one partner/);
  });

  it('loses nothing it acknowledged to a kill -9 of the deck', async () => {
    const startedBefore = (await stateOf(DECK)).StartedAt;
    const acknowledged: string[] = [];
    let killed = false;
    const writing = (async () => {
      for (let i = 0; ; i++) {
        try {
          const reply = await api(ports.deck, 'POST', '/entities/Ledger', { token: SECRETS.service, body: { i } });
          if (reply.status !== 200) return;
          acknowledged.push((reply.body as { id: string }).id);
        } catch {
          return; // the connection died with the process: this write was never acknowledged
        }
        if (acknowledged.length === 15 && !killed) {
          killed = true;
          void podman('kill', '--signal', 'KILL', DECK);
        }
      }
    })();
    await writing;
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);
    // The process is gone: the container stopped (or its restart policy already started it again).
    await eventually(
      async () => {
        const state = await stateOf(DECK);
        return state.Status !== 'running' || state.StartedAt !== startedBefore;
      },
      { timeoutMs: 30_000, what: 'the killed deck process gone' },
    );
    if ((await stateOf(DECK)).Status !== 'running') await podman('start', DECK);
    await timed('restart after kill -9 to healthy', () => healthy(ports.deck));
    const rows = await ledger(ports.deck);
    expect(rows.slice(0, acknowledged.length)).toEqual(acknowledged);
  });

  it('runs a second process on the same database: what one writes and signs in, the other serves', async () => {
    // As an operator turns it on for podman-compose 1.0 (docker compose: --scale deck-2=1).
    appendFileSync(join(project, '.env'), 'DECK_2_PROCESSES=1\n');
    await timed('second process up', () => compose('up', '-d', '--no-build'));
    await healthy(ports.second);
    expect(await logsOf(DECK_2)).not.toContain('admin account created');
    const written = await api(ports.deck, 'POST', '/entities/Ledger', { token: SECRETS.service, body: { i: 10_000 } });
    expect(written.status).toBe(200);
    expect(await ledger(ports.second)).toContain((written.body as { id: string }).id);
    const token = await signIn(ports.second, ADMIN.email, ADMIN.password);
    expect((await api(ports.deck, 'GET', '/entities/User/me', { token })).status).toBe(200);
  });

  it('backs up while serving and restores, with the commands of docs/operating.md', async () => {
    const commands = documentedCommands();
    const before = await ledger(ports.deck);
    await timed('backup', () => shell(commands.backup));
    const [file, ...others] = readdirSync(join(project, 'backups'));
    expect(others).toEqual([]);
    expect(file).toMatch(/^deck-\d{4}-\d{2}-\d{2}\.dump$/);
    const dump = statSync(join(project, 'backups', file!));
    expect(dump.size).toBeGreaterThan(10_000);
    expect(dump.mode & 0o077, 'the backup is owner-only').toBe(0);

    const after = await api(ports.deck, 'POST', '/entities/Ledger', { token: SECRETS.service, body: { i: 20_000 } });
    expect(after.status).toBe(200);
    await timed('restore', () => shell(commands.restore.replace(/deck-\d{4}-\d{2}-\d{2}\.dump/, file!)));
    // The restore stopped both processes with SIGTERM: each drained and exited 0.
    for (const container of [DECK, DECK_2]) expect(await logsOf(container)).toMatch(/stopped in \d+ ms/);
    await healthy(ports.deck);
    await healthy(ports.second);
    // What the backup held, and nothing written after it.
    expect(await ledger(ports.deck)).toEqual(before);
    await signIn(ports.second, PARTNER.email, PARTNER.password);
  });

  it('tears down: no container, volume or network of the project is left', async () => {
    const { volumes } = await projectContainers();
    expect(volumes.length).toBeGreaterThanOrEqual(3);
    await timed('down', () => compose('down', '--volumes'));
    expect((await projectContainers()).containers).toEqual([]);
    // podman-compose 1.0 leaves each deck container's anonymous /data volume and the network.
    await run('podman', ['volume', 'rm', '--force', ...volumes], { env, allowFailure: true });
    await run('podman', ['network', 'rm', '--force', `${PROJECT}_default`], { env, allowFailure: true });
    const existing = (await podman('volume', 'ls', '--format', '{{.Name}}')).stdout.split('\n');
    expect(existing.filter((name) => volumes.includes(name) || name.startsWith(PROJECT))).toEqual([]);
    expect((await run('podman', ['network', 'exists', `${PROJECT}_default`], { env, allowFailure: true })).code).toBe(1);
    expect(await imageExists(NODE_IMAGE, env)).toBe(true);
  });
});
