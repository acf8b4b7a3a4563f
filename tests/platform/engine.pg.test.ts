import { type AddressInfo, connect, createServer } from 'node:net';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/db.ts';
import { MIGRATIONS } from '../../src/platform/platformSchema.ts';
import { startTestPlatform } from './harness.ts';
import { dropTestDatabase, postgresBase, testDatabase } from './testDatabase.ts';

// The suite runs on both engines (vite.config.ts): a platform of the Postgres run must really use
// the server, with its own database, and one of the PGlite run must not.
it('uses this run’s engine: its own Postgres database on the server, else PGlite', async () => {
  const p = await startTestPlatform();
  try {
    const name = (await p.db.query<{ db: string; version: string }>('SELECT current_database() AS db, version() AS version')).rows[0]!;
    if (postgresBase()) {
      expect(p.db.engine).toBe('postgres');
      expect(name.db).toMatch(/^t_[0-9a-f]{12}$/);
      expect(p.logs.join('\n')).toMatch(/data in Postgres at 127\.0\.0\.1:\d+\/t_/);
    } else {
      expect(p.db.engine).toBe('pglite');
      expect(p.logs.join('\n')).toContain('data in memory');
    }
    expect(name.version).toMatch(/^PostgreSQL \d+/);
  } finally {
    await p.close();
  }
});

// A compose file starts the deck and its Postgres server at once (some versions of compose do not wait
// for the server's health): the platform waits for a server that does not take connections yet.
it.runIf(Boolean(postgresBase()))('waits for a Postgres server that starts listening after the platform', async () => {
  const location = await testDatabase();
  if (!('url' in location)) throw new Error('the Postgres run gives a database URL');
  const real = new URL(location.url);
  // A port nobody listens on yet, then a relay on it to the real server a second and a half later.
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const relay = createServer((client) => {
    const server = connect(Number(real.port), real.hostname);
    client.pipe(server).pipe(client);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
  });
  const listening = new Promise<void>((resolve) => setTimeout(() => relay.listen(port, '127.0.0.1', resolve), 1500));
  const late = new URL(location.url);
  late.port = String(port);
  try {
    const db = await openDatabase({ url: late.toString() }, MIGRATIONS);
    try {
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  } finally {
    await listening;
    relay.close();
    await dropTestDatabase(location);
  }
});

it.runIf(Boolean(postgresBase()))('gives up on a Postgres server that never answers, with its error', async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  await expect(openDatabase({ url: `postgres://nobody:secret@127.0.0.1:${port}/none` }, [], 1000)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
});
