import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { HttpClient, type HttpReply } from './httpClient.ts';
import { percentile } from './stats.ts';

/** Figures of the load run (latencies in ms). */
export interface LoadFigures {
  viewers: number;
  /** Where the data was: PGlite in memory, or a Postgres server. */
  database: 'pglite' | 'postgres';
  /** Platform processes serving the viewers (split evenly, viewer i on process i mod processes). */
  processes: number;
  seconds: number;
  /** Creating the viewers' accounts (NaN when the database came seeded). */
  usersCreatedInMs: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Sign-ins only (one per viewer, scrypt-bound). */
  login: { count: number; p50Ms: number; p99Ms: number; errors: number };
  /** The viewing loop only: public settings, me, a deck page. */
  loop: {
    count: number;
    p50Ms: number;
    p99Ms: number;
    errors: number;
    perKind: Record<string, { count: number; p50Ms: number; p99Ms: number; errors: number }>;
  };
  /** The loop's requests that started after every sign-in had answered (NaN figures when none did). */
  steady: { count: number; seconds: number; requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number };
  /** First few distinct error descriptions. */
  errorSamples: string[];
}

/** True when the local platform is there to be load-tested. */
export function platformPresent(root = process.cwd()): boolean {
  const file = join(root, 'src/platform/server.ts');
  return existsSync(file) && /export\s+(async\s+)?function\s+startPlatform\b/.test(readFileSync(file, 'utf8'));
}

/** The deck's page paths from dist/ (every prerendered page but the 404, gate and sign-in pages). */
export function deckPages(staticDir: string): string[] {
  return readdirSync(staticDir)
    .filter((name) => name.endsWith('.html') && !['404.html', '_gate.html', 'login.html'].includes(name))
    .map((name) => (name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`))
    .sort();
}

/** Per-request limit of the load run: a reply slower than this is an error. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The local platform in a child process, as the load run and the login flood use it. */
export interface PlatformChild {
  url: string;
  appId: string;
  serviceToken: string;
  /** The latest mail of `kind` to `email` from the child's log (codes are only there), waiting up to 10 s. */
  mailTo(email: string, kind: string): Promise<string>;
  /** Kills the process at once with SIGKILL (a crash: nothing is closed) and waits for its exit. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** A distinct loopback address per simulated client (the platform throttles per client address). */
export function clientAddress(index: number): string {
  return `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/** Where a platform child keeps its data: in memory (PGlite), or a Postgres server shared with the children given the same serviceToken. */
export interface ChildDatabase {
  databaseUrl: string;
  serviceToken: string;
  /** How often the child asks every socket's standing again without a signal (the platform's default: 30 s). */
  standingSweepMs?: number;
}

/** Starts scripts/bench/platformChild.ts in its own node process (with tsx) and waits for its address. */
export async function startPlatformChild(staticDir: string, database?: ChildDatabase, options: { dataDir?: string } = {}): Promise<PlatformChild> {
  // The caller's own DATABASE_URL or SERVICE_TOKEN never leaks in: each child is on exactly the database asked for.
  const { DATABASE_URL: _url, SERVICE_TOKEN: _token, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/platformChild.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      BENCH_STATIC_DIR: staticDir,
      ...(database && { DATABASE_URL: database.databaseUrl, SERVICE_TOKEN: database.serviceToken }),
      ...(database?.standingSweepMs && { BENCH_STANDING_SWEEP_MS: String(database.standingSweepMs) }),
      ...(options.dataDir && { BENCH_DATA_DIR: options.dataDir }),
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const mail: string[] = [];
  const arrived = new EventEmitter();
  lines.on('line', (line) => {
    const parsed = (() => {
      try {
        return JSON.parse(line) as { outbox?: unknown };
      } catch {
        return {};
      }
    })();
    if (typeof parsed.outbox === 'string') {
      mail.push(parsed.outbox);
      arrived.emit('mail');
    }
  });
  const ready = await new Promise<{ url: string; appId: string; serviceToken: string }>((resolve, reject) => {
    // A child that never says it is ready is stopped, so a failed part leaves no platform running.
    const fail = (error: Error) => {
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`platform did not start within 60 s\n${stderr}`)), 60_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line));
      } catch {
        fail(new Error(`unexpected platform output: ${line}\n${stderr}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`platform exited with ${code}\n${stderr}`));
    });
  });
  return {
    ...ready,
    // Loopback URL: the child binds 127.0.0.1 but may report "localhost".
    url: ready.url.replace('//localhost:', '//127.0.0.1:'),
    async mailTo(email, kind) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = mail.findLast((line) => line.startsWith(`[outbox] to ${email} (${kind}):`));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${kind} mail for ${email} within 10 s`);
        await Promise.race([once(arrived, 'mail'), new Promise((resolve) => setTimeout(resolve, 1000))]);
      }
    },
    async crash() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function json(reply: HttpReply): any {
  try {
    return JSON.parse(reply.body);
  } catch {
    return undefined;
  }
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Invites, registers and verifies one user through the API from `localAddress` (code read back from the child's log). */
export async function createUser(client: HttpClient, platform: PlatformChild, email: string, password: string, localAddress: string): Promise<void> {
  const api = `/api/apps/${platform.appId}`;
  const service = { Authorization: `Bearer ${platform.serviceToken}` };
  const invited = await client.send('POST', `${api}/users/invite-user`, { headers: service, json: { user_email: email, role: 'user' } });
  if (invited.status !== 200) throw new Error(`invite ${email}: ${invited.status} ${invited.body}`);
  const registered = await client.send('POST', `${api}/auth/register`, { json: { email, password }, localAddress });
  if (registered.status !== 200) throw new Error(`register ${email}: ${registered.status} ${registered.body}`);
  const code = /code is (\d{6})/.exec(await platform.mailTo(email, 'otp'))?.[1];
  if (!code) throw new Error(`no one-time code for ${email}`);
  const verified = await client.send('POST', `${api}/auth/verify-otp`, { json: { email, otp_code: code }, localAddress });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status} ${verified.body}`);
}

interface Sample {
  kind: string;
  /** When the request started and ended (performance.now()). */
  at: number;
  end: number;
  ms: number;
  ok: boolean;
}

/** Options of one load run. */
export interface LoadRunOptions {
  viewers: number;
  seconds: number;
  staticDir: string;
  log: (line: string) => void;
  /** A Postgres server's database instead of PGlite in memory. */
  databaseUrl?: string;
  /** Platform processes on that database (default 1); viewer i uses process i mod processes. */
  processes?: number;
  /** The database already holds the viewers (a copy of one seedViewers filled): no users are created. */
  seeded?: boolean;
}

const PASSWORD = 'bench-password-1';

/** The load run's viewer accounts, in order. */
function viewerEmails(viewers: number): string[] {
  return Array.from({ length: viewers }, (_, i) => `viewer${i + 1}@bench.local`);
}

/** Invites, registers and verifies the viewers, each through the process it will view on (its one-time code is in that process's log); returns the time it took (ms). */
async function createViewers(platforms: readonly PlatformChild[], clients: readonly HttpClient[], viewers: number): Promise<number> {
  const createdAt = performance.now();
  await inParallel(
    viewerEmails(viewers).map((email, index) => ({ email, index })),
    8,
    ({ email, index }) => createUser(clients[index % clients.length]!, platforms[index % platforms.length]!, email, PASSWORD, clientAddress(index)),
  );
  return performance.now() - createdAt;
}

/**
 * Fills a Postgres database with the load run's `viewers` accounts through one platform process, then
 * stops it, so a template copy of the database (CREATE DATABASE … TEMPLATE) serves several runs
 * without paying each its hashing of every password again. Returns the time it took (ms).
 */
export async function seedViewers(options: { staticDir: string; databaseUrl: string; viewers: number }): Promise<number> {
  const platforms = await startPlatforms(options.staticDir, 1, options.databaseUrl);
  const clients = platforms.map((platform) => new HttpClient(platform.url, 16, REQUEST_TIMEOUT_MS));
  try {
    return await createViewers(platforms, clients, options.viewers);
  } finally {
    for (const client of clients) client.close();
    await Promise.all(platforms.map((platform) => platform.stop()));
  }
}

/** Starts `count` platform children on one database, one after the other (the first one migrates it). */
export async function startPlatforms(staticDir: string, count: number, databaseUrl: string | undefined): Promise<PlatformChild[]> {
  if (count > 1 && !databaseUrl) throw new Error('several platform processes need a Postgres databaseUrl');
  const database = databaseUrl ? { databaseUrl, serviceToken: randomBytes(32).toString('hex') } : undefined;
  const platforms: PlatformChild[] = [];
  try {
    for (let i = 0; i < count; i++) platforms.push(await startPlatformChild(staticDir, database));
  } catch (error) {
    await Promise.all(platforms.map((platform) => platform.stop()));
    throw error;
  }
  return platforms;
}

/**
 * The load run: the local platform in a child process (by default with an in-memory
 * database, or on a Postgres server, in one or several processes), `viewers` invited users
 * created through the API, then `viewers` concurrent viewers for `seconds`: each signs in once, then
 * loops public settings → me → a random deck page (with its session cookie).
 */
export async function loadRun(options: LoadRunOptions): Promise<LoadFigures> {
  const pages = deckPages(options.staticDir);
  if (pages.length === 0) throw new Error(`no deck pages in ${options.staticDir}`);
  const platforms = await startPlatforms(options.staticDir, options.processes ?? 1, options.databaseUrl);
  // A viewer that waits longer than REQUEST_TIMEOUT_MS for one reply counts it as an error.
  const clients = platforms.map((platform) => new HttpClient(platform.url, Math.ceil(options.viewers / platforms.length) + 8, REQUEST_TIMEOUT_MS));
  const clientOf = (index: number) => clients[index % clients.length]!;
  try {
    const password = PASSWORD;
    const emails = viewerEmails(options.viewers);
    const usersCreatedInMs = options.seeded ? Number.NaN : await createViewers(platforms, clients, options.viewers);
    if (!options.seeded) options.log(`  load run: ${emails.length} users invited, registered and verified in ${(usersCreatedInMs / 1000).toFixed(1)} s`);

    const samples: Sample[] = [];
    const errorSamples = new Set<string>();
    const appId = platforms[0]!.appId;
    const api = `/api/apps/${appId}`;
    const timed = async (kind: string, call: () => Promise<HttpReply>, accept: (reply: HttpReply) => boolean): Promise<HttpReply | null> => {
      const started = performance.now();
      try {
        const reply = await call();
        const ok = accept(reply);
        const end = performance.now();
        samples.push({ kind, at: started, end, ms: end - started, ok });
        if (!ok && errorSamples.size < 5) errorSamples.add(`${kind}: ${reply.status} ${reply.body.slice(0, 120)}`);
        return ok ? reply : null;
      } catch (error) {
        const end = performance.now();
        samples.push({ kind, at: started, end, ms: end - started, ok: false });
        if (errorSamples.size < 5) errorSamples.add(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    };
    const MAX_LOOPS_PER_VIEWER = 100_000;
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    await Promise.all(
      emails.map(async (email, index) => {
        // Each viewer is its own client address, as 200 real viewers would be.
        const client = clientOf(index);
        const login = await timed(
          'login',
          () => client.send('POST', `${api}/auth/login`, { json: { email, password }, localAddress: clientAddress(index) }),
          (r) => r.status === 200,
        );
        const token = login ? (json(login)?.access_token as string | undefined) : undefined;
        if (!token) return;
        const bearer = { Authorization: `Bearer ${token}` };
        const cookie = { Cookie: `deck_session=${token}`, Accept: 'text/html' };
        for (let i = 0; i < MAX_LOOPS_PER_VIEWER && performance.now() < deadline; i++) {
          await timed(
            'public settings',
            () => client.send('GET', `/api/apps/public/prod/public-settings/by-id/${appId}`, { headers: bearer }),
            (r) => r.status === 200,
          );
          if (performance.now() >= deadline) break;
          await timed(
            'me',
            () => client.send('GET', `${api}/entities/User/me`, { headers: bearer }),
            (r) => r.status === 200 && json(r)?.email === email,
          );
          if (performance.now() >= deadline) break;
          const page = pages[Math.floor(Math.random() * pages.length)]!;
          // A page the gate let through carries the slide (data-route); the gate shell does not.
          await timed(
            'deck page',
            () => client.send('GET', page, { headers: cookie }),
            (r) => r.status === 200 && r.body.includes('data-route'),
          );
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const summarize = (list: Sample[]) => {
      const ms = list.map((s) => s.ms);
      return { count: list.length, p50Ms: percentile(ms, 50), p99Ms: percentile(ms, 99), errors: list.filter((s) => !s.ok).length };
    };
    const loopSamples = samples.filter((s) => s.kind !== 'login');
    const perKind: LoadFigures['loop']['perKind'] = {};
    for (const kind of ['public settings', 'me', 'deck page']) perKind[kind] = summarize(loopSamples.filter((s) => s.kind === kind));
    const all = summarize(samples);
    // After the sign-in storm: requests started once the last sign-in had answered.
    const lastLogin = Math.max(...samples.filter((s) => s.kind === 'login').map((s) => s.end));
    const steadyList = loopSamples.filter((s) => s.at >= lastLogin);
    const steadyEnd = Math.max(lastLogin, ...steadyList.map((s) => s.end));
    const steadySeconds = (steadyEnd - lastLogin) / 1000;
    return {
      viewers: options.viewers,
      database: options.databaseUrl ? 'postgres' : 'pglite',
      processes: platforms.length,
      seconds: elapsed,
      usersCreatedInMs,
      requests: all.count,
      requestsPerSecond: all.count / elapsed,
      p50Ms: all.p50Ms,
      p99Ms: all.p99Ms,
      errors: all.errors,
      login: summarize(samples.filter((s) => s.kind === 'login')),
      loop: { ...summarize(loopSamples), perKind },
      steady: { ...summarize(steadyList), seconds: steadySeconds, requestsPerSecond: steadySeconds > 0 ? steadyList.length / steadySeconds : Number.NaN },
      errorSamples: [...errorSamples],
    };
  } finally {
    for (const client of clients) client.close();
    await Promise.all(platforms.map((platform) => platform.stop()));
  }
}
