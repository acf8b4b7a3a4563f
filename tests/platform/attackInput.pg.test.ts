import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestPlatform, type TestPlatform } from './harness.ts';

// Bad input attacks: database error text must never reach the caller under a wrong
// field (`?skip=99999999999999999999` → `body: value … out of range for type bigint`), and a
// keep-alive connection broke after a chunked upload over the size limit.

let p: TestPlatform;
let admin: string;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
  expect((await p.call('POST', '/entities/Item/bulk', { token: admin, body: [{ n: 1 }, { n: 2 }] })).status).toBe(200);
}, 60_000);
afterAll(() => p?.close());

// Words of Postgres error texts; none may reach a caller.
const DATABASE_TEXT = /bigint|out of range|syntax|jsonb?\b|unicode|escape sequence|surrogate|postgres|sql|relation|column/i;

describe('a bad query parameter is a 400 naming it, never database text', () => {
  const q = (query: string) => `q=${encodeURIComponent(query)}`;
  const cases: Array<[string, string]> = [
    ['skip=99999999999999999999', 'skip'],
    ['skip=1000000001', 'skip'],
    ['skip=-1', 'skip'],
    ['skip=1e3', 'skip'],
    ['limit=0', 'limit'],
    ['limit=99999999999999999999999', 'limit'],
    ['limit=12abc', 'limit'],
    ['sort=-', 'sort'],
    ['sort=a,,b;drop', 'sort'],
    [`sort=${Array.from({ length: 20 }, (_, i) => `f${i}`).join(',')}`, 'sort'],
    ['fields=name,bad%20field', 'fields'],
    [`fields=${Array.from({ length: 300 }, (_, i) => `f${i}`).join(',')}`, 'fields'],
    [q('{"text":"a\\u0000b"}'), 'q.text'],
    [q('{"text":"\\ud800"}'), 'q.text'],
    [q('{"n":{"$in":["\\udfff"]}}'), 'q.n.$in[0]'],
    [q('{"n":{"$gt":1e400}}'), 'q.n.$gt'],
  ];
  it.each(cases)('GET ?%s → 400 naming %s', async (query, field) => {
    const reply = await p.call('GET', `/entities/Item?${query}`, { token: admin });
    expect(reply.status).toBe(400);
    expect(reply.body.detail.startsWith(`${field}: `)).toBe(true);
    expect(reply.body.extra_data?.field).toBe(field);
    expect(reply.body.detail).not.toMatch(DATABASE_TEXT);
  });

  it('the same for the User and Outbox lists, and for a body the database refuses', async () => {
    for (const path of ['/entities/User', '/entities/Outbox']) {
      const reply = await p.call('GET', `${path}?skip=99999999999999999999`, { token: admin });
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toMatch(/^skip: /);
    }
    const nul = await p.call('POST', '/entities/Item', { token: admin, body: '{"note":{"deep":"a\\u0000"}}' });
    expect(nul.status).toBe(400);
    expect(nul.body.detail).toMatch(/^body\.note\.deep: /);
    const surrogate = await p.call('POST', '/entities/Item', { token: admin, body: '{"\\udc00key":1}' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.detail).toMatch(/^body: /);
    for (const reply of [nul, surrogate]) expect(reply.body.detail).not.toMatch(DATABASE_TEXT);
    expect((await p.call('GET', '/entities/Item', { token: admin })).body).toHaveLength(2);
  });

  it('a record id that cannot be one is a 400 naming id, before the database sees it', async () => {
    const ids = ['%00', 'a%00b', '%ED%A0%80', 'x'.repeat(5000), 'has%20space'];
    for (const path of ['/entities/Item', '/entities/User', '/entities/Outbox']) {
      for (const id of ids) {
        for (const method of path === '/entities/Outbox' ? ['GET'] : ['GET', 'PUT', 'DELETE']) {
          const reply = await p.call(method, `${path}/${id}`, { token: admin, body: method === 'PUT' ? {} : undefined });
          expect([method, path, id.slice(0, 12), reply.status, reply.body.detail]).toEqual([
            method,
            path,
            id.slice(0, 12),
            400,
            'id: is not a valid record id',
          ]);
        }
      }
    }
    expect(p.logs.filter((line) => line.includes('refused by the database'))).toEqual([]);
  });

  it('still lists with in-range values: skip at the bound, limits above 5000 clamped', async () => {
    expect((await p.call('GET', '/entities/Item?skip=1000000000', { token: admin })).body).toEqual([]);
    expect((await p.call('GET', '/entities/Item?limit=9999&skip=1&sort=n', { token: admin })).body.map((r: { n: number }) => r.n)).toEqual([2]);
    expect((await p.call('GET', '/entities/Item?fields=n&sort=-n,created_date', { token: admin })).body).toEqual([
      { id: expect.any(String), n: 2 },
      { id: expect.any(String), n: 1 },
    ]);
  });
});

describe('an upload over the size limit', () => {
  // One socket at a time, kept alive: the second request reuses the first one's connection
  // unless the server said it would close it.
  function send(agent: Agent, method: string, path: string, body?: { chunks: number; size: number }) {
    return new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      const url = new URL(`/api/apps/${p.appId}${path}`, p.url);
      const req = request(url, { method, agent, headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      if (!body) return void req.end();
      // Chunked transfer (no Content-Length), so only counting the bytes can catch it.
      req.write('{"blob":"');
      let sent = 0;
      const pump = () => {
        while (sent < body.chunks) {
          sent += 1;
          if (!req.write('x'.repeat(body.size))) return void req.once('drain', pump);
        }
        req.end('"}');
      };
      pump();
    });
  }

  it('gets 413 with Connection: close, and the next request through the same keep-alive agent works', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sockets: unknown[] = [];
      agent.on('free', (socket) => sockets.push(socket));
      expect((await send(agent, 'GET', '/entities/Item')).status).toBe(200);
      const tooBig = await send(agent, 'POST', '/entities/Item', { chunks: 32, size: 64 * 1024 });
      expect(tooBig.status).toBe(413);
      expect(tooBig.connection).toBe('close');
      expect(JSON.parse(tooBig.text)).toMatchObject({ code: 'payload_too_large' });
      const next = await send(agent, 'GET', '/entities/Item');
      expect(next.status).toBe(200);
      expect(JSON.parse(next.text)).toHaveLength(2);
      // A small body still keeps its connection open for the next request.
      const small = await send(agent, 'POST', '/entities/Scratch', { chunks: 1, size: 10 });
      expect(small.status).toBe(200);
      expect(small.connection).not.toBe('close');
      expect((await send(agent, 'GET', '/entities/Scratch')).status).toBe(200);
      const freedAfterSmall = sockets.slice(-2);
      expect(freedAfterSmall[0]).toBe(freedAfterSmall[1]);
    } finally {
      agent.destroy();
    }
  });

  it('the server itself ends the connection after the 413 (a client ignoring the header is cut off)', async () => {
    const url = new URL(p.url);
    const socket = connect(Number(url.port), url.hostname);
    const ended = new Promise<string>((resolve) => {
      let reply = '';
      socket.on('data', (chunk) => (reply += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(reply));
    });
    socket.write(
      `POST /api/apps/${p.appId}/entities/Item HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${admin}\r\n` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n',
    );
    const piece = 'x'.repeat(64 * 1024);
    const chunk = `${piece.length.toString(16)}\r\n${piece}\r\n`;
    // Keep sending until the answer arrives, as a client that never reads the headers would.
    let replied = false;
    const answered = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    void answered.then(() => (replied = true));
    const deadline = setTimeout(() => socket.destroy(new Error('the server kept the connection open')), 5000);
    for (let i = 0; i < 64 && !replied && !socket.destroyed; i++) {
      if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), answered, ended]);
    }
    const reply = await ended;
    clearTimeout(deadline);
    expect(socket.errored?.message).not.toBe('the server kept the connection open');
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('a declared Content-Length over the limit gets 413 with Connection: close too', async () => {
    const reply = await fetch(`${p.url}/api/apps/${p.appId}/entities/Item`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(reply.status).toBe(413);
    expect(reply.headers.get('connection')).toBe('close');
    expect((await p.call('GET', '/entities/Item', { token: admin })).body).toHaveLength(2);
  });
});
