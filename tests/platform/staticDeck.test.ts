import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID_META } from '../../schemas/platformWire.ts';
import { rawGet } from './rawRequest.ts';
import { ADMIN, fakeDeck, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

const deck = fakeDeck({
  'index.html': '<h1>COVER CONTENT</h1>',
  'executivesummary.html': '<h1>EXEC CONTENT</h1>',
  '404.html': '<h1>NOT FOUND PAGE</h1>',
  '_gate.html': '<html><head><title>x</title></head><body><div id="root">GATE SHELL</div></body></html>',
  'login.html': '<form>LOGIN PAGE</form>',
  'assets/index-abc123.js': 'console.log("app")',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'robots.txt': 'User-agent: *\nDisallow:\n',
  // Gated files that are not pages: a content chunk and a file on no public list.
  'assets/content/market-abc123.js': 'export default "MARKET CHUNK"',
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><title>GATED LOGO</title></svg>',
});
let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir });
}, 60_000);
afterAll(async () => {
  await p?.close();
  deck.remove();
});

async function get(path: string, token?: string) {
  const response = await fetch(`${p.url}${path}`, { headers: token ? { Cookie: `deck_session=${token}` } : {}, redirect: 'manual' });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const setVisibility = (visibility: string) => p.db.query('UPDATE apps SET visibility = $1 WHERE id = $2', [visibility, p.appId]);

describe('the static deck behind the gate', () => {
  it('serves the content-free gate shell, uncached, to visitors without a session', async () => {
    for (const path of ['/', '/executivesummary', '/executivesummary.html', '/index.html']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('<div id="root">GATE SHELL</div>');
      // The server tells its pages the app id (the sign-in page and the deck's client read it).
      expect(page.text).toContain(`<meta name="${APP_ID_META}" content="testapp" /></head>`);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('serves the pages to a registered user whose login set the cookie', async () => {
    const login = await fetch(`${p.url}/api/apps/${p.appId}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const response = await fetch(`${p.url}/executivesummary`, { headers: { Cookie: cookie } });
    expect(await response.text()).toBe('<h1>EXEC CONTENT</h1>');
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    expect((await get('/', cookie.split('=')[1])).text).toBe('<h1>COVER CONTENT</h1>');
  });

  it('keeps the gate for a signed-in user who was not invited, for a dead token, and after logout', async () => {
    const stranger = await registeredUser(p, 'stranger@example.com', 'stranger-pass-1', false);
    expect((await get('/executivesummary', stranger)).text).toContain('GATE SHELL');
    expect((await get('/executivesummary', 'forged-token')).text).toContain('GATE SHELL');
    const token = await p.login(ADMIN.email, ADMIN.password);
    expect((await get('/executivesummary', token)).text).toContain('EXEC CONTENT');
    await p.call('POST', '/auth/logout', { token });
    expect((await get('/executivesummary', token)).text).toContain('GATE SHELL');
  });

  it('keeps gated files that are not pages (a content chunk, a file on no public list) from anyone the gate keeps out', async () => {
    const stranger = await registeredUser(p, 'chunk-stranger@example.com', 'stranger-pass-1', false);
    const admin = await p.login(ADMIN.email, ADMIN.password);
    for (const path of ['/assets/content/market-abc123.js', '/logo.svg']) {
      for (const [who, token] of [
        ['signed out', undefined],
        ['a forged token', 'forged-token'],
        ['a user not invited', stranger],
      ] as const) {
        const reply = await get(path, token);
        // A refused admission must read as "no", not as a missing answer taken for "yes" (admission.ts, admittedOrNull).
        expect({ status: reply.status, text: reply.text }, `${path} for ${who}: a gated file went out`).toEqual({
          status: 404,
          text: '<h1>NOT FOUND PAGE</h1>',
        });
      }
      const granted = await get(path, admin);
      expect(granted.status, `${path} for an admitted user`).toBe(200);
      expect(granted.headers.get('cache-control'), path).toMatch(/^private/);
    }
    expect((await get('/assets/content/market-abc123.js', admin)).text).toContain('MARKET CHUNK');
  });

  it('answers a page with a logged 500, not the gate, when the database fails during the admission', async () => {
    const token = await p.login(ADMIN.email, ADMIN.password);
    const logged = p.logs.length;
    // The sessions' table out of reach: every admission of a token fails in the database.
    await p.db.exec('ALTER TABLE access_tokens RENAME TO access_tokens_away');
    try {
      const page = await get('/executivesummary', token);
      expect(page.status).toBe(500);
      expect(page.text).not.toContain('GATE SHELL');
      expect(page.text).not.toContain('EXEC CONTENT');
      expect(p.logs.slice(logged).join('\n')).toMatch(/GET \/executivesummary failed: .*access_tokens/);
    } finally {
      await p.db.exec('ALTER TABLE access_tokens_away RENAME TO access_tokens');
    }
    expect((await get('/executivesummary', token)).text).toBe('<h1>EXEC CONTENT</h1>');
  });

  it('public_with_login lets any signed-in user in; public_without_login lets everyone in', async () => {
    const stranger = await registeredUser(p, 'other@example.com', 'stranger-pass-1', false);
    await setVisibility('public_with_login');
    try {
      expect((await get('/executivesummary', stranger)).text).toContain('EXEC CONTENT');
      expect((await get('/executivesummary')).text).toContain('GATE SHELL');
      await setVisibility('public_without_login');
      expect((await get('/executivesummary')).text).toContain('EXEC CONTENT');
    } finally {
      await setVisibility('private_with_login');
    }
  });

  it('serves /login, the 404 page with status 404, and static files with their types', async () => {
    expect(await get('/login')).toMatchObject({ status: 200, text: '<form>LOGIN PAGE</form>' });
    expect((await get('/login')).headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect((await get('/no-such-page')).headers.get('x-frame-options')).toBeNull();
    expect(await get('/no-such-page')).toMatchObject({ status: 404, text: '<h1>NOT FOUND PAGE</h1>' });
    const script = await get('/assets/index-abc123.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('cache-control')).toMatch(/immutable/);
    expect((await get('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect((await get('/robots.txt')).text).toContain('User-agent');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('never serves files outside the deck folder', async () => {
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json', '/%00']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.text).not.toMatch(/root:|"name"/);
    }
  });

  it('redirects other spellings of a page route to its one spelling (301, query kept), like the preview server', async () => {
    for (const [path, location] of [
      ['/executive-summary', '/executivesummary'],
      ['/Executive-Summary', '/executivesummary'],
      ['/executivesummary/', '/executivesummary'],
      ['/EXECUTIVE_SUMMARY/?from=mail&x=1', '/executivesummary?from=mail&x=1'],
      ['/executive-summary?a=%2F', '/executivesummary?a=%2F'],
      ['/cover', '/'],
    ]) {
      const reply = await get(path!);
      expect(reply.status, path).toBe(301);
      expect(reply.headers.get('location'), path).toBe(location);
    }
    // The target is canonical, the gate still decides what it serves.
    expect((await get('/executivesummary')).text).toContain('GATE SHELL');
    // Unknown pages, files and odd spellings are not redirected: the 404 page, as before.
    for (const path of [
      '/no-such-page',
      '/executive-summary.html',
      '/executive-summary//',
      '//executive-summary',
      '/x/executive-summary',
      '/executive%2Dsummary',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    // Sent as written (fetch would fold them): traversal and dot segments get no redirect either.
    for (const path of ['/../executive-summary', '/./executive-summary', '/executive-summary/..', '/%2e%2e/executive-summary', '/executive-summary%00']) {
      const reply = await rawGet(p.url, path);
      expect(reply.status, path).toBe(404);
      expect(reply.headers.location, path).toBeUndefined();
    }
  });

  it('answers unknown API paths with JSON 404, not the deck', async () => {
    const reply = await p.call('GET', '/api/whatever', { raw: true });
    expect(reply.status).toBe(404);
    expect(reply.body.detail).toMatch(/No route/);
  });
});
