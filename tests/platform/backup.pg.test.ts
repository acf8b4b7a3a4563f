import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresTool, runOnce } from '../../scripts/support/postgresServer.ts';
import { startTestPlatform, type TestPlatform, writeMinimalDeckYaml } from './harness.ts';
import { postgresBase, testDatabase, testEngine } from './testDatabase.ts';
import { openPlatformDatabase } from '../../src/platform/platformSchema.ts';

// Backups while the platform serves. A PGlite DATA_DIR through `npm run backup` and
// `npm run restore`; a Postgres database through the pg_dump and pg_restore commands of docs/operating.md.
// Either way, every record acknowledged before the backup began is in the restored database.
const repo = resolve(import.meta.dirname, '../..');
const TSX = ['--import', pathToFileURL(join(repo, 'node_modules/tsx/dist/loader.mjs')).href];
const APP = 'backupapp';
const work = mkdtempSync(join(tmpdir(), 'backup-'));
writeMinimalDeckYaml(work, APP, 'private_with_login');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A command run to its end: exit code and everything it printed. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child: ChildProcess = spawn(command, args, { cwd: work, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => done({ code, output }));
  });
}

const script = (name: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [...TSX, join(repo, 'scripts', `${name}.ts`), ...args], env);

/**
 * Creates records one after another until stopped, as a busy deck would; each id is kept with the
 * moment its creation was acknowledged (the reply arrived).
 */
function writeWhileRunning(p: TestPlatform): { acked: Array<{ id: string; at: number }>; stop(): Promise<void> } {
  const acked: Array<{ id: string; at: number }> = [];
  let running = true;
  const loop = (async () => {
    let dropped = 0;
    for (let n = 0; running; n += 1) {
      // A write whose connection dropped was never acknowledged, so the backup owes it nothing. It
      // happens when the server's process is so busy copying (over a minute on a loaded machine) that
      // a kept-alive connection times out as the next request is written on it.
      const reply = await p.call('POST', '/entities/Thing', { token: p.serviceToken, body: { n } }).catch((error: unknown) => {
        if (++dropped > 3 || !(error instanceof TypeError)) throw error;
        return null;
      });
      if (reply === null) continue;
      if (reply.status !== 200) throw new Error(`write ${n}: ${reply.status} ${JSON.stringify(reply.body)}`);
      acked.push({ id: reply.body.id, at: Date.now() });
    }
  })();
  return {
    acked,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** Waits until at least `count` writes are acknowledged (never a bare sleep). */
async function until(acked: unknown[], count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (acked.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${acked.length} writes in 60 s`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.runIf(testEngine() === 'pglite')('npm run backup and npm run restore (a PGlite DATA_DIR)', () => {
  const dataDir = join(work, 'data');
  const env = { DATA_DIR: dataDir, SERVICE_TOKEN: 'service-token-for-tests-0123456789abcdef' };

  it('backs up while the platform serves and writes go on; the restore holds every write acknowledged before the backup began', async () => {
    const p = await startTestPlatform('private_with_login', { dataDir, appId: APP });
    const writes = writeWhileRunning(p);
    let before: string[];
    try {
      await until(writes.acked, 20);
      const began = Date.now();
      before = writes.acked.filter((write) => write.at < began).map((write) => write.id);
      const backup = await script('backup', ['live.backup'], env);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('by the server running on port');
      // Writes went on during the backup.
      await until(writes.acked, before.length + 5);
    } finally {
      // The platform closes even when the writes failed, so the next test finds the folder free.
      await writes.stop().finally(() => p.close());
    }
    expect(statSync(join(work, 'live.backup')).mode & 0o077).toBe(0);
    expect(p.logs.some((line) => line.startsWith('[backup] '))).toBe(true);

    const restoredDir = join(work, 'restored');
    const restore = await script('restore', ['live.backup'], { ...env, DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/Restored .* 1 app\(s\), \d+ account\(s\), \d+ record\(s\)/);
    const db = await openPlatformDatabase({ dataDir: restoredDir });
    try {
      const ids = new Set((await db.query<{ id: string }>(`SELECT id FROM entities WHERE app_id = $1 AND entity = 'Thing'`, [APP])).rows.map((row) => row.id));
      const missing = before.filter((id) => !ids.has(id));
      expect(missing).toEqual([]);
      // The backup holds every password hash and the service token: the log in it names who took it.
      const taken = await db.query<{ actor: string; detail: { by: string; server: string } }>(
        `SELECT actor, detail FROM audit_log WHERE action = 'backup_taken'`,
      );
      expect(taken.rows).toEqual([{ actor: 'service', detail: { by: expect.stringMatching(/^.+@.+$/), server: 'running' } }]);
      expect(ids.size).toBeGreaterThanOrEqual(before.length);
    } finally {
      await db.close();
    }
    // The backup carries no lock of the process that served it.
    expect(() => readFileSync(join(restoredDir, 'server.json'))).toThrow();
  }, 240_000);

  it('backs up a folder no server holds (taking its lock), refuses to overwrite, and restores only into an empty folder', async () => {
    const offline = await script('backup', ['offline.backup'], env);
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).toContain('with no server running');
    const again = await script('backup', ['offline.backup'], env);
    expect(again.code).toBe(1);
    expect(again.output).toContain('exists already');

    const occupied = await script('restore', ['offline.backup'], env);
    expect(occupied.code).toBe(1);
    expect(occupied.output).toMatch(/DATA_DIR .* is not empty: a restore goes only into an empty or new folder/);

    writeFileSync(join(work, 'not-a.backup'), 'hello');
    const wrong = await script('restore', ['not-a.backup'], { ...env, DATA_DIR: join(work, 'never') });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('is not a backup made by npm run backup');
  }, 240_000);
});

describe.runIf(testEngine() === 'postgres')('pg_dump and pg_restore, as docs/operating.md gives them (DATABASE_URL)', () => {
  it('dump while the platform serves and writes go on; the restore holds every write acknowledged before the dump began', async () => {
    const database = await testDatabase();
    if (!('url' in database)) throw new Error('a Postgres run without a database URL');
    const p = await startTestPlatform('private_with_login', { databaseUrl: database.url, appId: APP });
    const file = join(work, 'deck.dump');
    const writes = writeWhileRunning(p);
    let before: string[];
    try {
      await until(writes.acked, 20);
      const began = Date.now();
      before = writes.acked.filter((write) => write.at < began).map((write) => write.id);
      const dump = await run(postgresTool('pg_dump'), ['--format=custom', `--file=${file}`, database.url]);
      expect(dump.code, dump.output).toBe(0);
      await until(writes.acked, before.length + 5);
    } finally {
      // The platform closes even when the writes failed, so the next test finds the folder free.
      await writes.stop().finally(() => p.close());
    }
    const restored = `restored_${process.pid}`;
    await runOnce(`${postgresBase()}postgres`, `CREATE DATABASE ${restored}`);
    const url = `${postgresBase()}${restored}`;
    try {
      const restore = await run(postgresTool('pg_restore'), ['--no-owner', `--dbname=${url}`, file]);
      expect(restore.code, restore.output).toBe(0);
      // The platform opens it as its own: migrations find nothing to do.
      const db = await openPlatformDatabase({ url });
      try {
        const ids = new Set(
          (await db.query<{ id: string }>(`SELECT id FROM entities WHERE app_id = $1 AND entity = 'Thing'`, [APP])).rows.map((row) => row.id),
        );
        expect(before.filter((id) => !ids.has(id))).toEqual([]);
      } finally {
        await db.close();
      }
    } finally {
      await runOnce(`${postgresBase()}postgres`, `DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`);
    }
  }, 240_000);
});
