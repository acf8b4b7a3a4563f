import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, fakeDeck, startTestPlatform, type TestPlatform } from './harness.ts';

// The shape of src/platform/http/httpApp.ts: the auth group answers for itself, the gate runs before
// anything of the gated group, one middleware checks the entity name, and secureHeaders adds only
// the two headers the platform always sent.
const deck = fakeDeck({ 'index.html': '<h1>COVER</h1>', '404.html': '<h1>NOT FOUND</h1>', '_gate.html': '<p>GATE</p>', 'login.html': '<form></form>' });
let p: TestPlatform;
let admin: string;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir });
  admin = await p.login(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(async () => {
  await p?.close();
  deck.remove();
});

const ABSENT = [
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
];

describe('the HTTP surface', () => {
  it('sends nosniff and Referrer-Policy same-origin on pages, API replies and errors, and nothing that stops framing the deck', async () => {
    const replies = await Promise.all(
      ['/', '/no-such-page', `/api/apps/${p.appId}/entities/Note`, `/api/apps/ghost/entities/Note`].map((path) => fetch(`${p.url}${path}`)),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 404, 403, 404]);
    for (const reply of replies) {
      expect(reply.headers.get('x-content-type-options'), reply.url).toBe('nosniff');
      expect(reply.headers.get('referrer-policy'), reply.url).toBe('same-origin');
      for (const name of ABSENT) expect(reply.headers.get(name), `${reply.url} ${name}`).toBeNull();
    }
  });

  it('gates every path of the app API but auth/*, unknown ones included; auth/* answers for itself', async () => {
    for (const path of ['/entities/Note', '/agents/conversations', '/users/invite-user', '/no-such-route', '/entities/bad$name']) {
      const reply = await p.call('GET', path);
      expect(reply.status, path).toBe(403);
      expect(reply.body.extra_data, path).toMatchObject({ reason: 'auth_required' });
    }
    const login = await p.call('POST', '/auth/login', { body: { email: ADMIN.email, password: 'wrong-password-1' } });
    expect(login).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    expect(await p.call('POST', '/auth/no-such-call', { body: {} })).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await p.call('GET', '/auth/login')).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect((await p.call('GET', '/entities/Note', { app: 'ghost' })).body.code).toBe('app_not_found');
  });

  it('names a bad entity name or record id with a 400 on every entity route, before any query', async () => {
    for (const [method, path] of [
      ['GET', '/entities/bad$name'],
      ['POST', '/entities/bad$name'],
      ['DELETE', '/entities/bad$name'],
      ['POST', '/entities/bad$name/bulk'],
      ['GET', '/entities/bad$name/some-id'],
      ['PUT', '/entities/bad$name/some-id'],
    ] as const) {
      const reply = await p.call(method, path, { token: admin, ...(method === 'GET' ? {} : { body: {} }) });
      expect(reply.status, `${method} ${path}`).toBe(400);
      expect(reply.body.detail, `${method} ${path}`).toMatch(/^entity: /);
    }
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const reply = await p.call(method, '/entities/Note/bad%20id', { token: admin, ...(method === 'GET' ? {} : { body: {} }) });
      expect(reply.status, method).toBe(400);
      expect(reply.body.detail, method).toMatch(/^id: /);
    }
    expect((await p.call('GET', '/entities/Note', { token: admin })).status).toBe(200);
  });

  it('answers each path from one sub-app: entities and functions with routes of their own never reach the generic ones', async () => {
    // The people are the users table's, not records of an entity named User; a name that merely begins alike is the store's.
    const users = await p.call('GET', '/entities/User', { token: admin });
    expect(users.status).toBe(200);
    expect(users.body.map((user: { email: string }) => user.email)).toContain(ADMIN.email);
    expect(await p.call('GET', '/entities/Users', { token: admin })).toMatchObject({ status: 200, body: [] });
    // What their own routes do not offer is theirs to refuse, never the generic store's to store.
    expect(await p.call('DELETE', '/entities/DeckVersion', { token: admin, body: {} })).toMatchObject({ status: 405 });
    expect((await p.call('POST', '/entities/Outbox', { token: admin, body: { to: 'x@example.com' } })).status).toBe(405);
    expect(await p.call('GET', '/entities/Outbox/nothing-here', { token: admin })).toMatchObject({ status: 404 });
    // Each function the platform provides at its own name; every other name, however close, is "not provided".
    const tally = await p.call('POST', '/functions/engagementTally', { token: admin, body: {} });
    expect(tally).toMatchObject({ status: 200, body: { records: 0, viewers: [] } });
    expect(await p.call('POST', '/functions/deckChanges', { token: admin, body: { visit_id: 'visit-0001' } })).toMatchObject({ status: 200 });
    for (const name of ['engagementTallyX', 'sendEmail']) {
      expect(await p.call('POST', `/functions/${name}`, { token: admin, body: {} }), name).toMatchObject({ status: 404, body: { code: 'not_provided' } });
    }
    expect(await p.call('POST', '/functions', { token: admin, body: {} })).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});
