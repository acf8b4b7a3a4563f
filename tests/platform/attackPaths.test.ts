import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, fakeDeck, startTestPlatform, type TestPlatform } from './harness.ts';
import { rawGet, type RawReply } from './rawRequest.ts';

// The attack: a gate that looks at the request string while the file lookup uses the folded path
// would serve `//assets/content/X.js` and friends (a slide chunk) to anyone, with a public cache header.
const CHUNK = 'Market-abc123.js';
const SECRET = 'GATED-CHUNK $13.95T';
const deck = fakeDeck({
  'index.html': '<h1>COVER CONTENT</h1>',
  'executivesummary.html': '<h1>EXEC CONTENT</h1>',
  '404.html': '<h1>NOT FOUND PAGE</h1>',
  '_gate.html': '<html><head><title>x</title></head><body><div id="root">GATE SHELL</div></body></html>',
  'login.html': '<form>LOGIN PAGE</form>',
  [`assets/content/${CHUNK}`]: `export const market = "${SECRET}";`,
  'assets/main-abc123.js': 'console.log("app")',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'robots.txt': 'User-agent: *\nDisallow:\n',
  'notes.json': '{"secret":"GATED-NOTES"}',
});
let p: TestPlatform;
let admitted: string;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir });
  admitted = `deck_session=${await p.login(ADMIN.email, ADMIN.password)}`;
}, 60_000);
afterAll(async () => {
  await p?.close();
  deck.remove();
});

// Each form names the same chunk through `.`/`..` segments, encoded separators or dots, doubled slashes or
// backslashes: none may be looked up as a file at all, whoever asks.
const TRAVERSALS = [
  `//assets/content/${CHUNK}`,
  `///assets/content/${CHUNK}`,
  `/assets//content/${CHUNK}`,
  `/assets/content//${CHUNK}`,
  `/assets/x/..%2fcontent/${CHUNK}`,
  `/assets/x/%2e%2e%2fcontent/${CHUNK}`,
  `/assets/x/%2E%2E%2Fcontent/${CHUNK}`,
  `/x/..%2fassets/content/${CHUNK}`,
  `/assets/content/../content/${CHUNK}`,
  `/assets/x/../content/${CHUNK}`,
  `/assets/./content/${CHUNK}`,
  `/./assets/content/${CHUNK}`,
  `/%2e%2e/assets/content/${CHUNK}`,
  `/%2e/assets/content/${CHUNK}`,
  `/assets/%2e/content/${CHUNK}`,
  `/assets%2fcontent%2f${CHUNK}`,
  `/assets/content%2f${CHUNK}`,
  `/assets%5ccontent%5c${CHUNK}`,
  `/assets%5Ccontent/${CHUNK}`,
  `/assets\\content\\${CHUNK}`,
  `/assets/content\\${CHUNK}`,
  `/assets/content/${CHUNK}/`,
  `/assets/content/${CHUNK}%00`,
  `/assets/content/${CHUNK}.`,
  `/assets/content/%252e%252e/content/${CHUNK}`,
];
// Forms that are not traversal but might fool a check on the request string: a signed-out visitor gets
// no chunk from them either.
const DISGUISES = [
  `/assets/%63ontent/${CHUNK}`,
  `/assets/content/${CHUNK};x=1`,
  `/assets;x/content/${CHUNK}`,
  `/ASSETS/content/${CHUNK}`,
  `/assets/CONTENT/${CHUNK}`,
  `/assets/content/${CHUNK}%20`,
  `/assets/content/${CHUNK}?v=1`,
  `/api/..%2fassets/content/${CHUNK}`,
];

// The canonical path of the chunk with one `/` or `.` percent-encoded, in either case, and the encoded
// `\` and NUL: each decodes to the very file, so a check that lets one through serves it under a
// spelling no link carries.
const ENCODED_SPELLINGS = ['%2f', '%2F', '%2e', '%2E', '%5c', '%5C', '%00'].flatMap((code) => {
  const [name, extension] = CHUNK.split('.') as [string, string];
  if (code.toLowerCase() === '%2f') return [`/assets${code}content/${CHUNK}`, `/assets/content${code}${CHUNK}`];
  if (code.toLowerCase() === '%2e') return [`/assets/content/${name}${code}${extension}`];
  return [`/assets/content${code}${CHUNK}`, `/assets/content/${CHUNK}${code}`];
});

function expectNoChunk(reply: RawReply, path: string) {
  expect(reply.text, path).not.toContain('GATED-CHUNK');
  expect(String(reply.headers['cache-control'] ?? ''), path).not.toMatch(/public|immutable/);
}

describe('paths that name a gated file indirectly', () => {
  it('gives a signed-out visitor no chunk bytes and no shared-cache header through any form', async () => {
    for (const path of [...TRAVERSALS, ...DISGUISES]) expectNoChunk(await rawGet(p.url, path), path);
    // The absolute form of the request target (`GET http://host//assets/…`) goes the same way.
    expectNoChunk(await rawGet(p.url, `${p.url}//assets/content/${CHUNK}`), 'absolute form');
    expectNoChunk(await rawGet(p.url, `${p.url}/assets/x/..%2fcontent/${CHUNK}`), 'absolute form with %2f');
  });

  it('refuses every traversal form before reading a file, even for an admitted user', async () => {
    for (const path of TRAVERSALS) {
      const reply = await rawGet(p.url, path, admitted);
      expect([400, 404], path).toContain(reply.status);
      expectNoChunk(reply, path);
    }
  });

  it('refuses every encoded-separator spelling of the canonical path, in either case, to an admitted user and a stranger', async () => {
    for (const path of ENCODED_SPELLINGS) {
      for (const [who, cookie] of [
        ['admitted', admitted],
        ['signed out', undefined],
      ] as const) {
        const reply = await rawGet(p.url, path, cookie);
        expect([400, 404], `${path} (${who}): an encoded-separator spelling was let through to the file (deckFilePath.ts), status ${reply.status}`).toContain(
          reply.status,
        );
        expectNoChunk(reply, path);
      }
    }
  });

  it('keeps pages behind the gate through the same forms', async () => {
    for (const path of ['//executivesummary', '/x/..%2fexecutivesummary', '/x/%2e%2e/executivesummary', '//', '/%2e%2e/index.html']) {
      const reply = await rawGet(p.url, path);
      expect(reply.text, path).not.toMatch(/EXEC CONTENT|COVER CONTENT/);
    }
  });
});

describe('the canonical path', () => {
  it('serves the chunk to an admitted user, privately, varying on the cookie', async () => {
    const reply = await rawGet(p.url, `/assets/content/${CHUNK}`, admitted);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain(SECRET);
    expect(reply.headers['cache-control']).toMatch(/^private\b/);
    expect(reply.headers.vary).toMatch(/Cookie/);
  });

  it('answers a signed-out visitor 404 that no shared cache keeps, varying on the cookie', async () => {
    const reply = await rawGet(p.url, `/assets/content/${CHUNK}`);
    expect(reply.status).toBe(404);
    expectNoChunk(reply, 'canonical');
    expect(reply.headers['cache-control']).toMatch(/no-store|private/);
    expect(reply.headers.vary).toMatch(/Cookie/);
  });

  it('gates every file not on the public list (deny by default)', async () => {
    const stranger = await rawGet(p.url, '/notes.json');
    expect(stranger.status).toBe(404);
    expect(stranger.text).not.toContain('GATED-NOTES');
    const viewer = await rawGet(p.url, '/notes.json', admitted);
    expect(viewer.status).toBe(200);
    expect(viewer.text).toContain('GATED-NOTES');
    expect(viewer.headers['cache-control']).toMatch(/^private\b/);
  });

  it('still serves the build assets, favicon and robots to anyone, the assets for shared caches', async () => {
    const script = await rawGet(p.url, '/assets/main-abc123.js');
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await rawGet(p.url, '/favicon.svg')).status).toBe(200);
    expect((await rawGet(p.url, '/robots.txt')).text).toContain('User-agent');
  });
});
