import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// A throwaway Postgres server from Debian's `postgresql` package, for tests and the bench: initdb
// in a temporary folder, pg_ctl on a loopback port, removed on stop. initdb refuses to run as root,
// so a root run does the server's part as the `postgres` user the package creates.

/** The install command a missing server points to. */
export const POSTGRES_INSTALL = 'apt-get install -y postgresql';

/** A running throwaway server. */
export interface PostgresServer {
  port: number;
  /** postgres://…/database on the server (the role is a superuser trusted on loopback). */
  url(database: string): string;
  /** Runs one statement on the server's `postgres` database (CREATE DATABASE and the like). */
  admin(sql: string): Promise<void>;
  stop(): void;
}

const ROLE = 'deck';

/** One of the installed server's tools (pg_dump, pg_restore…), by its full path: Debian keeps them off PATH. */
export function postgresTool(name: string): string {
  return join(binDir(), name);
}

/** The newest installed server's bin folder, or an error saying how to install one. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`No Postgres server binaries in ${root}/*/bin: install them with \`sudo ${POSTGRES_INSTALL}\` (Debian's postgresql package).`);
  return join(root, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server. `durable: false` (tests) turns fsync off: a test's data need not survive a power
 * cut, and on a loaded 2-core machine fsync dominates every commit.
 */
export async function startPostgresServer(options: { durable?: boolean; maxConnections?: number } = {}): Promise<PostgresServer> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'deck-postgres-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? ['runuser', '-u', 'postgres', '--', join(bin, tool), ...args] : [join(bin, tool), ...args];
    execFileSync(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  if (asRoot) {
    chownSync(dir, idOf('-u'), idOf('-g'));
  }
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', ROLE, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const settings = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', `-c max_connections=${options.maxConnections ?? 300}`];
  if (options.durable === false) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  try {
    run('pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = (database: string) => `postgres://${ROLE}@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    admin: (sql) => runOnce(url('postgres'), sql),
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs one statement on its own short connection (CREATE DATABASE cannot run in a pool's transaction). */
export async function runOnce(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The `postgres` user's uid (`-u`) or gid (`-g`). */
function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}
