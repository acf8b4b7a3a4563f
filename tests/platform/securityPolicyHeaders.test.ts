import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { DECK_PDF_PATH } from '../../schemas/engagementPaths.ts';
import {
  CSP_REPORT_PATH,
  contentSecurityPolicy,
  inlineSources,
  sha256Source,
  withoutPolicyMeta,
  withPolicyMeta,
} from '../../src/platform/http/contentSecurityPolicy.ts';
import { CSP_REPORTS_OVERALL, CSP_REPORTS_PER_ADDRESS } from '../../src/platform/http/routes/cspReports.ts';
import { ADMIN, fakeDeck, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// Over real HTTP: every HTML answer (each page, the _gate.html shell, the 404 page,
// /login, the /admin shell) carries a Content-Security-Policy whose hashes are those of the bytes it
// sends; who may frame a page comes from the setting, except the sign-in page and the console; and
// the report endpoint logs each report on one line, refuses bad bodies with a 400 naming the field,
// and beyond its rate answers 429 with Retry-After, never a 500.

/** A built page as the prerender writes it: an inline stylesheet and loader, maybe a style attribute, its <meta> policy. */
const page = (name: string, attribute = '') =>
  withPolicyMeta(
    `<!doctype html><html><head><meta charset="UTF-8" /><title>${name}</title><style>.${name}{color:#111}</style></head>` +
      `<body><div id="root"${attribute}>${name}</div><script type="module">start(${JSON.stringify(name)})</script></body></html>`,
  );

const deck = fakeDeck({
  'index.html': page('cover', ' style="--brand:#0f766e"'),
  'contact.html': page('contact'),
  '404.html': page('missing'),
  '_gate.html': page('gate'),
  'login.html': page('login'),
  'assets/main-abc123.js': 'start()',
});
const PLATFORM_PARENT = 'https://app.base44.com';
let p: TestPlatform;
let admin: string;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir, frameAncestors: ["'self'", PLATFORM_PARENT], trustProxy: true });
  admin = await p.login(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(async () => {
  await p?.close();
  deck.remove();
});

async function get(path: string, session?: string) {
  const response = await fetch(`${p.url}${path}`, { headers: session ? { Cookie: `deck_session=${session}` } : {}, redirect: 'manual' });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));

describe('every HTML answer', () => {
  const answers: Array<{ path: string; signedIn: boolean; shows: string; status: number; framedBy: string[] }> = [
    { path: '/', signedIn: false, shows: 'gate', status: 200, framedBy: ["'self'", PLATFORM_PARENT] },
    { path: '/contact', signedIn: false, shows: 'gate', status: 200, framedBy: ["'self'", PLATFORM_PARENT] },
    { path: '/', signedIn: true, shows: 'cover', status: 200, framedBy: ["'self'", PLATFORM_PARENT] },
    { path: '/contact', signedIn: true, shows: 'contact', status: 200, framedBy: ["'self'", PLATFORM_PARENT] },
    { path: '/no-such-page', signedIn: true, shows: 'missing', status: 404, framedBy: ["'self'", PLATFORM_PARENT] },
    { path: ADMIN_PATH, signedIn: false, shows: 'missing', status: 404, framedBy: ["'self'", PLATFORM_PARENT] },
    { path: ADMIN_PATH, signedIn: true, shows: 'gate', status: 200, framedBy: ["'self'"] },
    { path: '/login', signedIn: false, shows: 'login', status: 200, framedBy: ["'self'"] },
  ];

  it.each(answers)('$path (signed in: $signedIn) carries the policy of the bytes it sends', async ({ path, signedIn, shows, status, framedBy }) => {
    const answer = await get(path, signedIn ? admin : undefined);
    expect(answer.status).toBe(status);
    expect(answer.text).toContain(`<div id="root"`);
    expect(answer.text).toContain(`>${shows}</div>`);
    // One policy per page: the build's <meta> is taken out where the header says it all.
    expect(answer.text).not.toContain('http-equiv="Content-Security-Policy"');
    const header = answer.headers.get('content-security-policy');
    expect(header).toBeTruthy();
    const policy = directives(header!);
    const inline = inlineSources(answer.text);
    expect(policy.get('script-src')).toEqual([sha256Source(inline.scripts[0]!), "'strict-dynamic'"]);
    expect(policy.get('style-src')).toContain(sha256Source(`.${shows}{color:#111}`));
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('frame-ancestors')).toEqual(framedBy);
    expect(policy.get('report-uri')).toEqual([CSP_REPORT_PATH]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(header!.replace("style-src-attr 'unsafe-inline'", '')).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
    expect(answer.headers.get('x-frame-options')).toBe(path === '/login' ? 'SAMEORIGIN' : null);
  });

  it('sends the same bytes and the same policy each time, compressed or not', async () => {
    const plain = await fetch(`${p.url}/contact`, { headers: { Cookie: `deck_session=${admin}`, 'Accept-Encoding': 'identity' } });
    const zipped = await fetch(`${p.url}/contact`, { headers: { Cookie: `deck_session=${admin}`, 'Accept-Encoding': 'br' } });
    expect(zipped.headers.get('content-encoding')).toBe('br');
    expect(await zipped.text()).toBe(await plain.text());
    expect(zipped.headers.get('content-security-policy')).toBe(plain.headers.get('content-security-policy'));
  });
});

describe('a crawl of every HTML answer, error pages included', () => {
  // What a browser sends when it navigates: the API then answers with an error page, not JSON.
  const NAVIGATION = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html,application/xhtml+xml' };
  const api = (path: string) => `/api/apps/${p.appId}${path}`;
  // Addresses a person can reach in a browser: the pages, the PDF, mailed links, and wrong ones.
  const seeds = () => [
    '/',
    '/contact',
    '/login',
    ADMIN_PATH,
    '/no-such-page',
    DECK_PDF_PATH,
    api('/nope'),
    api('/entities/User/me'),
    api('/entities/User'),
    api('/entities/NoSuchEntity'),
    api('/platform/backup'),
    api('/auth/me'),
    '/api/apps/no-such-app/entities/User',
    '/api/nope',
    CSP_REPORT_PATH,
  ];
  const HREF = /\s(?:href|src)="(\/[^"]*)"/g;

  it('each carries a policy that allows no inline script but its own, with who may frame it', async () => {
    const viewer = await registeredUser(p, 'crawled@lender.example');
    const answers: Array<{ who: string; method: string; path: string; status: number }> = [];
    for (const [who, session] of [
      ['signed out', undefined],
      ['viewer', viewer],
      ['admin', admin],
    ] as const) {
      const queue = seeds();
      const seen = new Set<string>();
      while (queue.length > 0) {
        const path = queue.shift()!;
        if (seen.has(path)) continue;
        seen.add(path);
        for (const method of path.startsWith('/api/') ? ['GET', 'POST', 'DELETE'] : ['GET']) {
          const response = await fetch(`${p.url}${path}`, {
            method,
            headers: { ...NAVIGATION, ...(session ? { Cookie: `deck_session=${session}` } : {}) },
            redirect: 'manual',
          });
          const text = await response.text();
          if (!/^text\/html/.test(response.headers.get('content-type') ?? '')) continue;
          answers.push({ who, method, path, status: response.status });
          const where = `${method} ${path} (${who}, ${response.status})`;
          const header = response.headers.get('content-security-policy');
          expect(header, `${where} has no Content-Security-Policy`).toBeTruthy();
          const policy = directives(header!);
          const scripts = inlineSources(text).scripts.map(sha256Source);
          expect(policy.get('script-src'), where).toEqual(scripts.length > 0 ? [...new Set(scripts), "'strict-dynamic'"] : ["'none'"]);
          expect(policy.get('frame-ancestors'), where).toEqual(
            path === '/login' || (path === ADMIN_PATH && who === 'admin') ? ["'self'"] : ["'self'", PLATFORM_PARENT],
          );
          expect(policy.get('object-src'), where).toEqual(["'none'"]);
          expect(policy.get('base-uri'), where).toEqual(["'none'"]);
          expect(header!.replace("style-src-attr 'unsafe-inline'", ''), where).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
          for (const [, link = ''] of text.matchAll(HREF)) if (!link.startsWith('/assets/')) queue.push(link.split('#')[0]!);
        }
      }
    }
    // The crawl met the API's own error pages (401, 403, 404, 405 …), not only the deck's.
    const apiPages = answers.filter((answer) => answer.path.startsWith('/api/'));
    expect(apiPages.length).toBeGreaterThanOrEqual(20);
    expect([...new Set(apiPages.map((answer) => answer.status))]).toEqual(expect.arrayContaining([403, 404]));
    expect(answers.length).toBeGreaterThanOrEqual(60);
  });
});

/** Posts a report body from `address` (the platform trusts X-Forwarded-For in this test). */
async function report(body: unknown, address = '198.51.100.1') {
  const response = await fetch(`${p.url}${CSP_REPORT_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/csp-report', 'X-Forwarded-For': address },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const violation = (fields: Record<string, unknown> = {}) => ({
  'csp-report': {
    'document-uri': 'http://deck.example/login?reset_token=SECRET-TOKEN#also-secret',
    'effective-directive': 'script-src-elem',
    'violated-directive': 'script-src-elem',
    'blocked-uri': 'inline',
    'source-file': 'http://deck.example/assets/main.js?v=1',
    'line-number': 3,
    'column-number': 14,
    'script-sample': 'alert(1)\nfake log line',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    ...fields,
  },
});

describe('the report endpoint', () => {
  it('logs a report on one line, without the query or fragment of any address', async () => {
    const before = p.logs.length;
    expect((await report(violation(), '198.51.100.10')).status).toBe(204);
    const lines = p.logs.slice(before);
    expect(lines).toEqual([
      '[csp] script-src-elem blocked inline on http://deck.example/login at http://deck.example/assets/main.js:3:14 sample "alert(1) fake log line"',
    ]);
    // Older browsers name only the violated directive.
    const older = violation({ 'effective-directive': undefined, 'violated-directive': 'style-src-attr', 'blocked-uri': 'inline' });
    expect((await report(older, '198.51.100.10')).status).toBe(204);
    expect(p.logs.at(-1)).toMatch(/^\[csp\] style-src-attr blocked inline on http:\/\/deck\.example\/login at /);
    expect(p.logs.join('\n')).not.toContain('SECRET');
  });

  it('refuses what is not a report with a 400 naming the field, and a large body with a 413', async () => {
    const cases: Array<[unknown, number, string]> = [
      ['{"csp-report":', 400, 'body'],
      ['', 400, 'body'],
      [[], 400, 'body'],
      ['"just text"', 400, 'body'],
      [{ something: 'else' }, 400, 'body.csp-report'],
      [{ 'csp-report': 'text' }, 400, 'body.csp-report'],
      [{ 'csp-report': { 'effective-directive': 'img-src' } }, 400, 'body.csp-report.document-uri'],
      [{ 'csp-report': { 'document-uri': 'http://deck.example/' } }, 400, 'body.csp-report.effective-directive'],
      [violation({ 'line-number': 'three' }), 400, 'body.csp-report.line-number'],
      [violation({ 'script-sample': 'x'.repeat(70 * 1024) }), 413, 'body'],
    ];
    for (const [index, [body, status, field]] of cases.entries()) {
      const answer = await report(body, `198.51.100.${20 + index}`);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(answer.body.extra_data.field).toBe(field);
    }
  });

  it(`answers 429 with Retry-After beyond ${CSP_REPORTS_PER_ADDRESS} reports a minute from one address, logs that once, and keeps taking others' reports`, async () => {
    const address = '203.0.113.7';
    for (let sent = 0; sent < CSP_REPORTS_PER_ADDRESS; sent += 1) expect((await report(violation(), address)).status).toBe(204);
    const refused = await report(violation(), address);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(new RegExp(`at most ${CSP_REPORTS_PER_ADDRESS} a minute`));
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Beyond the rate even a bad body is refused before it is read: 429, not 400 or 500.
    expect((await report('not json', address)).status).toBe(429);
    for (let more = 0; more < 5; more += 1) expect((await report(violation(), address)).status).toBe(429);
    expect(p.logs.filter((line) => line.includes(`reports a minute from ${address}`))).toHaveLength(1);
    expect((await report(violation(), '203.0.113.8')).status).toBe(204);
  });

  it(`stops logging at ${CSP_REPORTS_OVERALL} reports a minute from all addresses together`, async () => {
    const before = p.logs.length;
    const statuses: number[] = [];
    for (let index = 0; index <= CSP_REPORTS_OVERALL; index += 1) {
      statuses.push((await report(violation(), `10.${Math.floor(index / 250)}.${index % 250}.1`)).status);
    }
    // The reports of the tests above count in the same minute: the refusals start before the last one.
    expect(statuses.filter((status) => status !== 204 && status !== 429)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);
    expect(p.logs.filter((line) => line.includes('reports a minute from all addresses'))).toHaveLength(1);
    expect(p.logs.slice(before).filter((line) => line.startsWith('[csp] script-src-elem')).length).toBeLessThanOrEqual(CSP_REPORTS_OVERALL);
  });
});

describe('a personal page', () => {
  // The prerender never puts a partner slot inside a script; this template does, so that a filled
  // value lands where escaping for HTML text does not protect: the policy must still be the template's.
  const template = withPolicyMeta(
    '<!doctype html><html><head><meta charset="UTF-8" /><title>cover</title></head><body>' +
      '<p>Prepared for <span data-partner="name"></span></p>' +
      '<script type="module">start("<span data-partner="name"></span>")</script></body></html>',
  );
  const personal = fakeDeck({ 'index.html': template, '404.html': page('missing'), '_gate.html': page('gate'), 'login.html': page('login') });
  const INJECTED = '</script><script>alert(1)</script>';
  let q: TestPlatform;

  beforeAll(async () => {
    q = await startTestPlatform('private_with_login', { staticDir: personal.dir, partner: { name: INJECTED, licence: 'NMLS #1' } });
  }, 60_000);
  afterAll(async () => {
    await q?.close();
    personal.remove();
  });

  it('is sent under the policy of its template, hashed before the partner is filled in', async () => {
    const token = await q.login(ADMIN.email, ADMIN.password);
    const response = await fetch(`${q.url}/`, { headers: { Cookie: `deck_session=${token}` } });
    const text = await response.text();
    // The value is in the page (escaped as text), and the page is the filled one.
    expect(text).toContain('Prepared for <span data-partner="name">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span>');
    const expected = contentSecurityPolicy(withoutPolicyMeta(template), { frameAncestors: ["'self'"], report: true });
    expect(response.headers.get('content-security-policy')).toBe(expected);
    const allowed = directives(expected).get('script-src')!;
    // One script hash, the template's: the filled value adds none and changes none.
    expect(allowed.filter((source) => source.startsWith("'sha256-"))).toEqual([sha256Source(inlineSources(withoutPolicyMeta(template)).scripts[0]!)]);
    for (const script of inlineSources(text).scripts.filter((script) => script.includes('alert'))) {
      expect(allowed, 'a script holding the filled value is allowed').not.toContain(sha256Source(script));
    }
  });
});
