import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementText } from '../../schemas/agreement.ts';
import { AGREEMENT_CALL, AGREEMENT_FORM_PATH, type AgreementStatus } from '../../schemas/agreementPaths.ts';
import { ADMIN, fakeDeck, startTestPlatform, type TestPlatform } from './harness.ts';
import { refused, openSocket } from './socketEvents.ts';
import { postgresBase, testDatabase, dropTestDatabase } from './testDatabase.ts';
import type { DatabaseLocation } from '../../src/platform/db/db.ts';
import { ALPHA, BETA, twoPartners } from './twoPartners.ts';

// The confidentiality agreement: a partner of a deck with one sees no byte of it (pages, content
// chunks, the PDF, the API, the socket) until they accept the version it serves, on a page the
// platform writes itself; accepting is recorded with the time, address and version and audited;
// declining signs them out; a changed text asks again. Admins are never asked.

const deck = fakeDeck({
  'index.html': '<h1>COVER CONTENT</h1>',
  'market.html': '<h1>MARKET CONTENT</h1>',
  '404.html': '<h1>NOT FOUND PAGE</h1>',
  '_gate.html': '<html><head><title>x</title></head><body><div id="root">GATE SHELL</div></body></html>',
  'login.html': '<form>LOGIN PAGE</form>',
  'assets/main-abc123.css': 'body{}',
  'assets/content/market-abc123.js': 'export default "MARKET CHUNK"',
});
const V1: AgreementText = {
  title: 'Confidentiality agreement',
  html: '<p>You keep the <strong>deck</strong> to yourself.</p>',
  version: 'aaaaaaaaaaa1',
};
const V2: AgreementText = { ...V1, html: '<p>You keep the deck and its figures to yourself.</p>', version: 'bbbbbbbbbbb2' };
const DECK_BYTES = ['COVER CONTENT', 'MARKET CONTENT', 'MARKET CHUNK'];

const work = mkdtempSync(join(tmpdir(), 'agreement-'));
let location: DatabaseLocation;
let p: TestPlatform;
let alpha: { token: string; id: string };
let beta: { token: string; id: string };

/** The test's one database, kept across a restart: a data folder on PGlite, a database on Postgres. */
async function start(agreement: AgreementText | null): Promise<TestPlatform> {
  return startTestPlatform('private_with_login', { staticDir: deck.dir, agreement, ...('url' in location ? { databaseUrl: location.url } : location) });
}

beforeAll(async () => {
  location = postgresBase() ? await testDatabase() : { dataDir: join(work, 'data') };
  p = await start(V1);
  // Their `me` is refused until they accept: the ids come from the database.
  [alpha, beta] = (await Promise.all(
    (
      await twoPartners(p)
    ).map(async (partner) => ({
      token: partner.token,
      id: (await p.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [partner.email])).rows[0]!.id,
    })),
  )) as [{ token: string; id: string }, { token: string; id: string }];
}, 60_000);
afterAll(async () => {
  await p?.close();
  await dropTestDatabase(location);
  deck.remove();
  rmSync(work, { recursive: true, force: true });
});

async function get(path: string, token?: string) {
  const response = await fetch(`${p.url}${path}`, { headers: token ? { Cookie: `deck_session=${token}`, Accept: 'text/html' } : {}, redirect: 'manual' });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The agreement page's form, as the browser posts it. */
async function answer(token: string, fields: Record<string, string>, headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin' }) {
  const response = await fetch(`${p.url}${AGREEMENT_FORM_PATH}`, {
    method: 'POST',
    headers: { Cookie: `deck_session=${token}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

async function status(): Promise<AgreementStatus> {
  return (await p.call('GET', AGREEMENT_CALL, { token: await p.login(ADMIN.email, ADMIN.password) })).body;
}

describe('before a partner accepts', () => {
  it('every page and the PDF answer with the agreement, and no content file is sent', async () => {
    for (const path of ['/', '/market', '/index.html', '/deck.pdf']) {
      const page = await get(path, alpha.token);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('<h1 id="slide-title" class="slide__title">Confidentiality agreement</h1>');
      expect(page.text, path).toContain('You keep the <strong>deck</strong> to yourself.');
      expect(page.text, path).toContain(`You are signed in as ${ALPHA.email}.`);
      expect(page.text, path).toContain(`name="from" value="${path}"`);
      expect(page.headers.get('cache-control')).toBe('no-store');
      // Its one inline stylesheet is allowed by hash; no script runs.
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'none'/);
      expect(page.text).not.toMatch(/<script/);
    }
    // The crawl: nothing of the deck in any answer.
    for (const path of ['/', '/market', '/index.html', '/market.html', '/assets/content/market-abc123.js', '/deck.pdf']) {
      const got = await get(path, alpha.token);
      for (const bytes of DECK_BYTES) expect(got.text.includes(bytes), `${path} sent ${bytes}`).toBe(false);
    }
    expect((await get('/assets/content/market-abc123.js', alpha.token)).status).toBe(404);
  });

  it('the API and the socket refuse them, saying why', async () => {
    const me = await p.call('GET', '/entities/User/me', { token: alpha.token });
    expect(me.status).toBe(403);
    expect(me.body.extra_data).toEqual({ reason: 'agreement_required' });
    const socket = openSocket(p, alpha.token, []);
    const refusal = await refused(socket);
    socket.close();
    expect(refusal.data).toMatchObject({ status: 403, extra_data: { reason: 'agreement_required' } });
  });

  it('an admin is never asked', async () => {
    const admin = await p.login(ADMIN.email, ADMIN.password);
    expect((await get('/market', admin)).text).toBe('<h1>MARKET CONTENT</h1>');
  });

  it('another site cannot answer for them, and an answer to another version asks again', async () => {
    const crossSite = await answer(alpha.token, { decision: 'accept', version: V1.version, from: '/market' }, { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const stale = await answer(alpha.token, { decision: 'accept', version: 'old0000000', from: '/market' });
    expect(stale.status).toBe(200);
    expect(stale.text).toContain('The agreement changed while you were reading it.');
    expect((await status()).acceptances).toEqual([]);
  });
});

describe('accepting', () => {
  it('goes on to where the partner was going, records the time, address and version, and audits it', async () => {
    const accepted = await answer(alpha.token, { decision: 'accept', version: V1.version, from: '/market' });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/market');
    expect((await get('/market', alpha.token)).text).toBe('<h1>MARKET CONTENT</h1>');
    expect((await get('/assets/content/market-abc123.js', alpha.token)).text).toContain('MARKET CHUNK');
    expect((await p.call('GET', '/entities/User/me', { token: alpha.token })).status).toBe(200);
    const { agreement, acceptances } = await status();
    expect(agreement).toEqual({ title: V1.title, version: V1.version });
    expect(acceptances).toEqual([
      { user_id: alpha.id, email: ALPHA.email, version: V1.version, title: V1.title, accepted_at: expect.any(String), address: '127.0.0.1' },
    ]);
    expect(Date.now() - Date.parse(acceptances[0]!.accepted_at)).toBeLessThan(60_000);
    const log = (await p.call('GET', '/audit-log?action=agreement_accepted', { token: await p.login(ADMIN.email, ADMIN.password) })).body;
    expect(log).toEqual([
      expect.objectContaining({ actor: ALPHA.email, target: ALPHA.email, address: '127.0.0.1', detail: { version: V1.version, title: V1.title } }),
    ]);
    // The other partner still reads only the agreement.
    expect((await get('/market', beta.token)).text).not.toContain('MARKET CONTENT');
  });

  it('goes back only to a page of this site', async () => {
    for (const from of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      const again = await answer(alpha.token, { decision: 'accept', version: V1.version, from });
      expect(again.headers.get('location'), from).toBe('/');
    }
  });
});

describe('declining', () => {
  it('signs the partner out with a clear page, and is audited', async () => {
    const declined = await answer(beta.token, { decision: 'decline', version: V1.version, from: '/' });
    expect(declined.status).toBe(200);
    expect(declined.text).toContain('You declined the agreement');
    expect(declined.text).toContain('you have been signed out');
    expect(declined.headers.get('set-cookie')).toMatch(/deck_session=;/);
    expect((await p.call('GET', '/entities/User/me', { token: beta.token })).status).toBe(401);
    const log = (await p.call('GET', '/audit-log?action=agreement_declined', { token: await p.login(ADMIN.email, ADMIN.password) })).body;
    expect(log).toEqual([expect.objectContaining({ actor: BETA.email, detail: { version: V1.version, title: V1.title } })]);
    expect((await status()).acceptances.map((one) => one.email)).toEqual([ALPHA.email]);
  });
});

describe('a changed text', () => {
  it('is asked again of a partner who accepted the old one; their earlier acceptance stays on record', async () => {
    await p.close();
    p = await start(V2);
    const page = await get('/market', alpha.token);
    expect(page.text).toContain('You keep the deck and its figures to yourself.');
    expect(page.text).not.toContain('MARKET CONTENT');
    expect((await answer(alpha.token, { decision: 'accept', version: V2.version, from: '/market' })).status).toBe(303);
    expect((await get('/market', alpha.token)).text).toBe('<h1>MARKET CONTENT</h1>');
    expect((await status()).acceptances.map((one) => one.version)).toEqual([V2.version, V1.version]);
  });

  it('and a deck without an agreement asks nothing', async () => {
    await p.close();
    p = await start(null);
    const beta2 = await p.login(BETA.email, BETA.password);
    expect((await get('/market', beta2)).text).toBe('<h1>MARKET CONTENT</h1>');
    expect((await status()).agreement).toBeNull();
  });
});
