// Health: GET /healthz tells a load balancer whether this process can
// serve (its database answers) and, once shutdown has begun, that it should get no more traffic.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce } from '../../scripts/support/postgresServer.ts';
import { POOL_SIZE } from '../../src/platform/db/postgresDb.ts';
import { HEALTH_DB_TIMEOUT_MS } from '../../src/platform/http/routes/health.ts';
import { fakeDeck, startTestPlatform, type TestPlatform } from './harness.ts';
import { postgresBase } from './testDatabase.ts';
import { eventually } from '../support/waitFor.ts';

// A deck whose 404 page and gate shell are recognisable: /healthz must never be answered by either.
const deck = fakeDeck({
  'index.html': '<h1>COVER</h1>',
  '404.html': '<h1>NOT FOUND PAGE</h1>',
  '_gate.html': '<html><head></head><body>GATE SHELL</body></html>',
});
let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir });
}, 60_000);
afterAll(async () => {
  await p?.close();
  deck.remove();
});

async function health(platform: TestPlatform = p, method = 'GET') {
  const started = Date.now();
  const response = await fetch(`${platform.url}/healthz`, { method });
  return { status: response.status, text: await response.text(), headers: response.headers, ms: Date.now() - started };
}

describe('/healthz', () => {
  it('answers 200 {status: ok}, uncached JSON, to anyone, before the deck and its gate', async () => {
    const reply = await health();
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual({ status: 'ok' });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.text).not.toContain('GATE SHELL');
    // The gated deck still answers around it.
    expect(await (await fetch(`${p.url}/`)).text()).toContain('GATE SHELL');
  });

  it('answers HEAD with the status and no body', async () => {
    const reply = await health(p, 'HEAD');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('is not answered under other spellings or methods by the health route', async () => {
    expect((await fetch(`${p.url}/healthz/`)).status).toBe(404);
    expect((await fetch(`${p.url}/api/healthz`)).status).toBe(404);
    expect((await fetch(`${p.url}/healthz`, { method: 'POST' })).status).toBe(404);
  });

  it('answers 503 {status: unavailable} when SELECT 1 takes longer than the timeout, and ok again after', async () => {
    // Keep the database busy past the timeout without blocking this thread: PGlite runs one
    // transaction at a time (pg_sleep there would stop the event loop too), and a pool whose
    // POOL_SIZE connections all sleep leaves SELECT 1 waiting for a connection.
    const busyMs = HEALTH_DB_TIMEOUT_MS + 1500;
    const busy =
      p.db.engine === 'pglite'
        ? p.db.transaction(() => new Promise((resolve) => setTimeout(resolve, busyMs)))
        : Promise.all(Array.from({ length: POOL_SIZE }, () => p.db.query(`SELECT pg_sleep(${busyMs / 1000})`)));
    try {
      const reply = await health();
      expect(reply.status).toBe(503);
      expect(JSON.parse(reply.text)).toEqual({ status: 'unavailable' });
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.ms).toBeGreaterThanOrEqual(HEALTH_DB_TIMEOUT_MS - 50);
      expect(reply.ms).toBeLessThan(HEALTH_DB_TIMEOUT_MS + 1000);
    } finally {
      await busy;
    }
    expect((await health()).status).toBe(200);
    expect(p.logs.filter((line) => line.includes('healthz: the database did not answer'))).toHaveLength(1);
    expect(p.logs.filter((line) => line.includes('healthz: the database answers again'))).toHaveLength(1);
  }, 20_000);
});

describe('/healthz when the database is gone', () => {
  it('answers 503 {status: unavailable} with no error detail, within the timeout', async () => {
    const platform = await startTestPlatform('private_with_login', { staticDir: deck.dir });
    const base = postgresBase();
    const name = base ? (await platform.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db : '';
    try {
      expect((await health(platform)).status).toBe(200);
      if (base) {
        // The database refuses new connections and its open ones are ended, as in a failover.
        await runOnce(`${base}postgres`, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await runOnce(`${base}postgres`, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      } else {
        await platform.db.close();
      }
      const reply = await health(platform);
      expect(reply.status).toBe(503);
      expect(JSON.parse(reply.text)).toEqual({ status: 'unavailable' });
      expect(reply.ms).toBeLessThan(HEALTH_DB_TIMEOUT_MS + 1000);
      if (base) {
        // Back again: the pool makes new connections and the process reports ok without a restart.
        await runOnce(`${base}postgres`, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await eventually(async () => (await health(platform)).status === 200, { timeoutMs: 5000, what: 'healthz ok after the database came back' });
      }
    } finally {
      if (base) await runOnce(`${base}postgres`, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      // PGlite's handle is already closed above: only the servers are left to stop.
      await platform.close().catch(() => undefined);
    }
  }, 20_000);
});

describe('/healthz while shutting down', () => {
  it('answers 503 {status: stopping} and closes the connection once close() has begun', async () => {
    const platform = await startTestPlatform('private_with_login', { staticDir: deck.dir });
    const { port } = new URL(platform.url);
    // A connection whose next request has begun survives the close of the listening socket: one
    // write holds a whole request and the start of a second, so once the first answer is back the
    // server has read both. The rest of the second arrives after shutdown has begun.
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    const request = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n';
    socket.write(`${request}\r\n${request}`);
    await eventually(() => answer.endsWith('{"status":"ok"}'), { what: 'the first answer' });
    const closing = platform.close();
    socket.write('\r\n');
    await ended;
    await closing;
    const second = answer.slice(answer.indexOf('{"status":"ok"}') + '{"status":"ok"}'.length);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nConnection: close\r\n/i);
    expect(second).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(second.split('\r\n\r\n')[1]).toBe('{"status":"stopping"}');
  });
});
