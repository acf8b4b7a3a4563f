// The attack on stored data: a local user of the machine reading DATA_DIR, and two servers
// started at the same moment on one DATA_DIR. Real processes, real files, temp folders.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { claimDataDir, SERVER_FILE } from '../../src/platform/db/dataDirLock.ts';
import { startTestPlatform, writeMinimalDeckYaml } from './harness.ts';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'attack-datadir-'));
const TSX = ['--import', pathToFileURL(join(repo, 'node_modules/tsx/dist/loader.mjs')).href];
const SERVICE = 'datadir-service-token-0123456789abcdef';
const children: ChildProcess[] = [];
// The data folder made by the first test, copied (modes kept) for the others: initdb runs once.
const pristine = join(work, 'first', 'data');

writeMinimalDeckYaml(work, 'datadir', 'private_with_login');

// The folder holds a copied data directory per test (hundreds of megabytes): removing it took over
// vitest's 10 s hook deadline on a busy CI machine, so it is removed without blocking, with room.
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(work, { recursive: true, force: true });
}, 120_000);

/** Every entry under dir whose mode lets group or others in, as "0644 base/1/123". */
function offenders(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const mode = lstatSync(path).mode & 0o777;
      const wanted = entry.isDirectory() ? 0o700 : 0o600;
      if (mode !== wanted) found.push(`${mode.toString(8).padStart(4, '0')} ${relative(dir, path)}`);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return found;
}

/** Every path under dir with its size and modification time, to show a refused start touched nothing. */
function snapshotOf(dir: string): string[] {
  const lines: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const stat = statSync(path);
      lines.push(`${relative(dir, path)} ${stat.size} ${stat.mtimeMs} ${(stat.mode & 0o777).toString(8)}`);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return lines.sort();
}

function copyOfPristine(name: string): string {
  const dir = join(work, name, 'data');
  cpSync(pristine, dir, { recursive: true });
  chmodSync(join(work, name), 0o700);
  rmSync(join(dir, SERVER_FILE), { force: true });
  // Tightened here too, so each test stands on its own even when the first one fails.
  const tighten = (folder: string) => {
    chmodSync(folder, 0o700);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) tighten(join(folder, entry.name));
      else chmodSync(join(folder, entry.name), 0o600);
    }
  };
  tighten(dir);
  return dir;
}

/** A pid that certainly belongs to no process: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => child.once('exit', done));
  return child.pid!;
}

interface Child {
  child: ChildProcess;
  output: () => string;
  /** Resolves "started" once the server listens, or "exit <code>" when the process ends first. */
  outcome: Promise<string>;
}

function spawnScript(script: string, dataDir: string, args: string[] = []): Child {
  const child = spawn(process.execPath, [...TSX, join(repo, 'scripts', script), ...args], {
    cwd: work,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SERVICE_TOKEN: SERVICE, ADMIN_PASSWORD: 'owner-password-long-1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const outcome = new Promise<string>((done) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (/started in \d+ ms/.test(output)) done('started');
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => done(`exit ${code}`));
  });
  return { child, output: () => output, outcome };
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(signal);
  await exited;
}

describe('attack: DATA_DIR modes and lock', () => {
  it('a fresh DATA_DIR is created 0700 with every file 0600, and stays so while the server writes', async () => {
    expect(existsSync(pristine)).toBe(false);
    const platform = await startTestPlatform('private_with_login', { dataDir: pristine });
    try {
      expect(statSync(pristine).mode & 0o777).toBe(0o700);
      for (let i = 0; i < 30; i++) {
        const reply = await platform.call('POST', '/entities/Ledger', { token: platform.serviceToken, body: { i, pad: 'x'.repeat(2000) } });
        expect(reply.status).toBe(200);
      }
      await platform.db.exec('CHECKPOINT');
      expect(offenders(pristine)).toEqual([]);
    } finally {
      await platform.close();
    }
    const files = snapshotOf(pristine).length;
    console.log(`fresh DATA_DIR: ${files} entries, ${offenders(pristine).length} readable by group or others`);
    expect(files).toBeGreaterThan(500);
    expect(statSync(pristine).mode & 0o777).toBe(0o700);
    expect(offenders(pristine)).toEqual([]);
  }, 120_000);

  it('refuses a DATA_DIR that group or others can read, naming the fix, and touches nothing in it', async () => {
    const dir = copyOfPristine('open-folder');
    chmodSync(dir, 0o755);
    const before = snapshotOf(dir);
    await expect(startTestPlatform('private_with_login', { dataDir: dir })).rejects.toThrow(
      `DATA_DIR ${dir} is readable by other users (mode 0755); run: chmod -R go-rwx ${dir}`,
    );
    expect(snapshotOf(dir)).toEqual(before);
    expect(existsSync(join(dir, SERVER_FILE))).toBe(false);

    // One readable file deep inside is enough to refuse; the message names it.
    chmodSync(dir, 0o700);
    const deep = join(dir, 'base', readdirSync(join(dir, 'base'))[0]!, 'PG_VERSION');
    chmodSync(deep, 0o644);
    const deepBefore = snapshotOf(dir);
    await expect(startTestPlatform('private_with_login', { dataDir: dir })).rejects.toThrow(
      `DATA_DIR ${dir} is readable by other users (${relative(dir, deep)} has mode 0644); run: chmod -R go-rwx ${dir}`,
    );
    expect(snapshotOf(dir)).toEqual(deepBefore);

    // The fix the message names is enough, and the check of a whole folder is quick.
    chmodSync(deep, 0o600);
    const { prepareDataDir } = await import('../../src/platform/db/dataDirModes.ts');
    const started = performance.now();
    prepareDataDir(dir);
    const walkMs = performance.now() - started;
    console.log(`modes check of a DATA_DIR of ${before.length} entries: ${walkMs.toFixed(1)} ms`);
    expect(walkMs).toBeLessThan(500);
    const platform = await startTestPlatform('private_with_login', { dataDir: dir });
    await platform.close();
    expect(offenders(dir)).toEqual([]);
  }, 120_000);

  it('an empty folder that exists already is tightened to 0700 and used', async () => {
    const dir = join(work, 'empty', 'data');
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    chmodSync(join(work, 'empty'), 0o700);
    // Prepared and claimed as startPlatform does: only the lock file appears, 0600.
    const { prepareDataDir } = await import('../../src/platform/db/dataDirModes.ts');
    prepareDataDir(dir);
    const claim = await claimDataDir(dir);
    try {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(offenders(dir)).toEqual([]);
      expect(JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      claim.release();
    }
    expect(existsSync(join(dir, SERVER_FILE))).toBe(false);
  });

  it('two startPlatform calls at the same moment on one DATA_DIR: exactly one starts, the other is told it is in use', async () => {
    const dir = copyOfPristine('same-moment');
    const results = await Promise.allSettled([
      startTestPlatform('private_with_login', { dataDir: dir }),
      startTestPlatform('private_with_login', { dataDir: dir }),
    ]);
    const started = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    try {
      expect(started).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(new RegExp(`DATA_DIR ${dir} is in use by process ${process.pid}`));
      const platform = (started[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof startTestPlatform>>>).value;
      expect((await platform.call('GET', '/entities/Ledger', { token: platform.serviceToken })).status).toBe(200);
      expect(JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8'))).toMatchObject({ pid: process.pid, port: platform.port });
    } finally {
      for (const result of started) await (result as PromiseFulfilledResult<Awaited<ReturnType<typeof startTestPlatform>>>).value.close();
    }
    expect(existsSync(join(dir, SERVER_FILE))).toBe(false);
  }, 120_000);

  it('two `npm start` processes at the same moment, over a stale lock: one runs, the other exits with the message', async () => {
    const dir = copyOfPristine('two-processes');
    const dead = await deadPid();
    writeFileSync(join(dir, SERVER_FILE), JSON.stringify({ pid: dead, port: 1 }), { mode: 0o600 });
    const pair = [spawnScript('platform-start.ts', dir), spawnScript('platform-start.ts', dir)];
    const outcomes = await Promise.race([
      Promise.all(pair.map((one) => one.outcome)),
      new Promise<string[]>((done) => setTimeout(() => done(pair.map((one) => `timeout: ${one.output()}`)), 120_000)),
    ]);
    const winner = pair[outcomes.indexOf('started')];
    const loser = pair[outcomes.findIndex((outcome) => outcome.startsWith('exit'))];
    expect(outcomes.sort(), pair.map((one) => one.output()).join('\n---\n')).toEqual(['exit 1', 'started']);
    expect(loser!.output()).toMatch(new RegExp(`DATA_DIR ${dir} is in use by process ${winner!.child.pid}`));
    const lock = JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8')) as { pid: number; port: number };
    expect(lock.pid).toBe(winner!.child.pid);
    const port = Number(/ready at http:\/\/[^:]+:(\d+)/.exec(winner!.output())?.[1]);
    expect(lock.port).toBe(port);
    const users = await fetch(`http://127.0.0.1:${port}/api/apps/datadir/entities/User`, { headers: { Authorization: `Bearer ${SERVICE}` } });
    expect(users.status).toBe(200);

    // The server dies without cleaning up; its lock, now stale, is taken over by the next start.
    await stop(winner!.child, 'SIGKILL');
    expect(JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8'))).toMatchObject({ pid: winner!.child.pid });
    const next = spawnScript('platform-start.ts', dir);
    expect(await next.outcome, next.output()).toBe('started');
    expect(JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8'))).toMatchObject({ pid: next.child.pid });
    await stop(next.child);
    expect(existsSync(join(dir, SERVER_FILE)), next.output()).toBe(false);
    expect(offenders(dir)).toEqual([]);
  }, 180_000);

  it('six processes racing to take over one stale lock: exactly one gets it', async () => {
    const dir = join(work, 'race');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, SERVER_FILE), JSON.stringify({ pid: await deadPid(), port: 1 }), { mode: 0o600 });
    // Each racer says "ready" once loaded, then waits for the go file, so that all of them meet the
    // stale lock together; the one that gets it holds it until the end file appears.
    const go = join(work, 'race-go');
    const end = join(work, 'race-end');
    const racer = `
      import { existsSync } from 'node:fs';
      import { claimDataDir } from ${JSON.stringify(pathToFileURL(join(repo, 'src/platform/db/dataDirLock.ts')).href)};
      // Polls for the file, and gives up after 60 s so a racer never outlives a failed test.
      const until = async (file) => {
        const deadline = Date.now() + 60_000;
        while (!existsSync(file)) {
          if (Date.now() > deadline) throw new Error('no ' + file + ' within 60 s');
          await new Promise((done) => setTimeout(done, 2));
        }
      };
      console.log('ready');
      await until(${JSON.stringify(go)});
      try { await claimDataDir(${JSON.stringify(dir)}); console.log('claimed'); await until(${JSON.stringify(end)}); }
      catch (error) { console.log(String(error)); }`;
    const racers = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, [...TSX, '--input-type=module', '-e', racer], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      return {
        child,
        output: () => output.replace('ready', '').trim(),
        ready: () => output.startsWith('ready'),
        exited: new Promise((done) => child.once('exit', done)),
      };
    });
    const deadline = Date.now() + 30_000;
    while (!racers.every((one) => one.ready()) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    expect(racers.every((one) => one.ready())).toBe(true);
    writeFileSync(go, '');
    const verdicts = () => racers.map((one) => one.output()).filter((output) => output !== '');
    while (verdicts().length < 6 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    writeFileSync(end, '');
    await Promise.all(racers.map((one) => one.exited));
    const outputs = racers.map((one) => one.output());
    expect(
      outputs.filter((output) => output === 'claimed'),
      outputs.join('\n'),
    ).toHaveLength(1);
    expect(
      outputs.filter((output) => /is in use by process \d+/.test(output)),
      outputs.join('\n'),
    ).toHaveLength(5);
  }, 60_000);

  it('a lock naming this very pid but no claim of this process is stale; a takeover file left by a crash is reported', async () => {
    const dir = join(work, 'edges');
    mkdirSync(dir, { mode: 0o700 });
    // A container restarts its server as pid 1 every time: the lock of the previous run names our pid.
    writeFileSync(join(dir, SERVER_FILE), JSON.stringify({ pid: process.pid, port: 3000, claim: 'previous run' }), { mode: 0o600 });
    const claim = await claimDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8'))).toMatchObject({ pid: process.pid, port: null });
    claim.setPort(4321);
    expect(JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8'))).toMatchObject({ pid: process.pid, port: 4321 });
    await expect(claimDataDir(dir)).rejects.toThrow(`DATA_DIR ${dir} is in use by process ${process.pid} (port 4321); stop it first`);
    claim.release();
    expect(readdirSync(dir)).toEqual([]);

    // A process that died while replacing a stale lock left its takeover file: asked, never guessed.
    writeFileSync(join(dir, SERVER_FILE), JSON.stringify({ pid: await deadPid(), port: 1 }), { mode: 0o600 });
    const takeover = join(dir, `${SERVER_FILE}.takeover`);
    writeFileSync(takeover, JSON.stringify({ pid: await deadPid(), port: null }), { mode: 0o600 });
    utimesSync(takeover, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    await expect(claimDataDir(dir)).rejects.toThrow(
      `${takeover} was left by a start that crashed; if no server is starting on DATA_DIR, delete that file and start again`,
    );
    rmSync(takeover);
    (await claimDataDir(dir)).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('`npm run invite` writing into DATA_DIR respects the modes and the lock', async () => {
    const dir = copyOfPristine('invite');
    chmodSync(dir, 0o750);
    const refused = spawnScript('invite.ts', dir, ['guest@example.com']);
    expect(await refused.outcome).toBe('exit 1');
    expect(refused.output()).toContain(`DATA_DIR ${dir} is readable by other users (mode 0750); run: chmod -R go-rwx ${dir}`);
    chmodSync(dir, 0o700);

    // A server that holds the lock but does not listen yet (port unknown): invite stays out.
    const claim = await claimDataDir(dir);
    try {
      const blocked = spawnScript('invite.ts', dir, ['guest@example.com']);
      expect(await blocked.outcome).toBe('exit 1');
      expect(blocked.output()).toMatch(new RegExp(`DATA_DIR ${dir} is in use by process ${process.pid}`));
    } finally {
      claim.release();
    }

    const direct = spawnScript('invite.ts', dir, ['guest@example.com']);
    expect(await direct.outcome, direct.output()).toBe('exit 0');
    expect(direct.output()).toContain(`Invited guest@example.com as user in ${dir}`);
    expect(existsSync(join(dir, SERVER_FILE))).toBe(false);
    expect(offenders(dir)).toEqual([]);
  }, 120_000);
});
