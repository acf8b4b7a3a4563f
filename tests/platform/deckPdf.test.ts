import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL, ACCESS_ENDED_REASON } from '../../schemas/accessWire.ts';
import { DECK_PDF_FILE, DECK_PDF_PATH, ENGAGEMENT_ENTITY, stampText } from '../../schemas/engagementPaths.ts';
import { PDF_DOWNLOAD_WINDOW_MS, PDF_DOWNLOADS_PER_PERSON } from '../../src/platform/files/pdfDownloads.ts';
import { ADMIN, fakeDeck, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { rawGet } from './rawRequest.ts';

// GET /deck.pdf on the local platform: the exported deck (a pdf-lib fixture standing in for
// `npm run export`'s file), stamped per viewer on every page, for admitted viewers only and only
// while DeckOptions.downloads is on. The pages' text is read back with poppler's pdftotext.

let p: TestPlatform;
let deck: { dir: string; remove(): void };
let admin: string;
let viewer: string;
let optionsId: string;
let source: Uint8Array;
const pdfFile = () => join(deck.dir, DECK_PDF_FILE);

/**
 * A PDF of `pages` pages of different heights, each saying which page it is; saved like Chromium
 * and pdf-lib do by default (object streams, an xref stream) or with a classic xref table.
 */
async function exportedPdf(pages: number, useObjectStreams = true): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([960, 540 + i * 40]);
    page.drawText(`Slide number ${i} of the fixture`, { x: 60, y: 300, size: 24, font });
  }
  return pdf.save({ useObjectStreams });
}

/** Each page's text, as pdftotext reads it (pages end with a form feed); poppler must find nothing wrong with the file. */
function pageTexts(bytes: Uint8Array): string[] {
  const file = join(deck.dir, `read-${process.pid}-${Math.random().toString(36).slice(2)}.bin`);
  writeFileSync(file, bytes);
  try {
    const run = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    return run.stdout.split('\f').slice(0, -1);
  } finally {
    rmSync(file);
  }
}

/**
 * The stamped file is one revision: exactly one %%EOF, at its end, one startxref and no /Prev, and
 * it does not begin with the unstamped export's bytes (cutting it anywhere never gives the export).
 */
function expectOneRevision(bytes: Uint8Array): void {
  const latin = Buffer.from(bytes).toString('latin1');
  expect(latin.match(/%%EOF/g)).toHaveLength(1);
  expect(latin.trimEnd().endsWith('%%EOF')).toBe(true);
  expect(latin.match(/startxref/g)).toHaveLength(1);
  expect(latin).not.toMatch(/\/Prev\s/);
  const head = Math.min(source.length, bytes.length);
  expect(Buffer.from(bytes.subarray(0, head)).equals(Buffer.from(source.subarray(0, head)))).toBe(false);
}

async function download(init: { cookie?: string; bearer?: string; path?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.Cookie = `deck_session=${init.cookie}`;
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  const response = await fetch(`${p.url}${init.path ?? DECK_PDF_PATH}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const setDownloads = async (downloads: boolean) =>
  expect((await p.call('PUT', `/entities/${ENGAGEMENT_ENTITY.options}/${optionsId}`, { token: admin, body: { downloads } })).status).toBe(200);

beforeAll(async () => {
  deck = fakeDeck({
    'index.html': '<h1>COVER CONTENT</h1>',
    'market.html': '<h1>MARKET CONTENT</h1>',
    '_gate.html': '<p>GATE SHELL</p>',
    '404.html': '<p>NOT HERE</p>',
  });
  source = await exportedPdf(4);
  writeFileSync(pdfFile(), source);
  // Any other PDF in the built deck is never served either.
  writeFileSync(join(deck.dir, 'handout.pdf'), await exportedPdf(1));
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir });
  admin = await p.login(ADMIN.email, ADMIN.password);
  viewer = await registeredUser(p, 'partner@fund.example');
  optionsId = (await p.call('POST', `/entities/${ENGAGEMENT_ENTITY.options}`, { token: admin, body: { downloads: false } })).body.id;
}, 60_000);
afterAll(async () => {
  await p?.close();
  deck?.remove();
});

describe('/deck.pdf', () => {
  it('gives a signed-out visitor (or a dead token) the gate page, exactly as for a gated page', async () => {
    const gated = await download({ path: '/market' });
    for (const init of [{}, { cookie: 'not-a-token' }, { bearer: 'not-a-token' }]) {
      const reply = await download(init);
      expect(reply.status).toBe(gated.status);
      expect(text(reply.bytes)).toBe('<p>GATE SHELL</p>');
      expect(reply.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers the ordinary 404 while downloads are off, even to a viewer', async () => {
    const unknown = await download({ cookie: viewer, path: '/no-such-file.txt' });
    const reply = await download({ cookie: viewer });
    expect(reply.status).toBe(404);
    expect(text(reply.bytes)).toBe(text(unknown.bytes));
    expect(text(reply.bytes)).toBe('<p>NOT HERE</p>');
  });

  it('while downloads are on, stamps every page with the viewer’s email and the day, by cookie or bearer token', async () => {
    await setDownloads(true);
    const started = performance.now();
    const reply = await download({ cookie: viewer });
    const took = performance.now() - started;
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    // Named for the deck and the partner: this platform has a company and no partner.
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="Test-Co.pdf"');
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    // One revision, written whole: no earlier %%EOF to cut at, and the file does not begin with the export.
    expectOneRevision(reply.bytes);
    const pages = pageTexts(reply.bytes);
    expect(pages).toHaveLength(4);
    const stamp = stampText('partner@fund.example', new Date());
    pages.forEach((page, i) => {
      expect(page).toContain(`Slide number ${i + 1} of the fixture`);
      expect(page).toContain(stamp);
    });
    console.log(`[deck.pdf] 4-page fixture stamped and sent in ${took.toFixed(0)} ms`);

    const byBearer = await download({ bearer: viewer });
    expect(byBearer.status).toBe(200);
    expect(pageTexts(byBearer.bytes).every((page) => page.includes('partner@fund.example'))).toBe(true);
    // Another viewer's copy carries their own address, not the first one's.
    const other = await download({ cookie: await registeredUser(p, 'associate@fund.example') });
    const otherPages = pageTexts(other.bytes);
    expect(otherPages.every((page) => page.includes('associate@fund.example') && !page.includes('partner@fund.example'))).toBe(true);
  });

  it('stamps parallel downloads of different viewers each with their own address only, every page, one revision each', async () => {
    await setDownloads(true);
    const emails = ['first@fund.example', 'second@fund.example', 'third@fund.example'];
    // Registered one by one (sign-in limits); downloaded all at once.
    const tokens: string[] = [];
    for (const email of emails) tokens.push(await registeredUser(p, email));
    const replies = await Promise.all(tokens.map((token) => download({ cookie: token })));
    replies.forEach((reply, i) => {
      expect(reply.status).toBe(200);
      expectOneRevision(reply.bytes);
      const pages = pageTexts(reply.bytes);
      expect(pages).toHaveLength(4);
      for (const [j, page] of pages.entries()) {
        expect(page).toContain(`Slide number ${j + 1} of the fixture`);
        expect(page).toContain(stampText(emails[i]!, new Date()));
        for (const other of emails.filter((_, k) => k !== i)) expect(page).not.toContain(other);
      }
    });
  });

  it('never gives the unstamped file under another spelling of its address', async () => {
    await setDownloads(true);
    const withQuery = await download({ cookie: viewer, path: `${DECK_PDF_PATH}?x=1` });
    expect(withQuery.status).toBe(200);
    expect(pageTexts(withQuery.bytes).every((page) => page.includes('partner@fund.example'))).toBe(true);
    const cookie = `deck_session=${viewer}`;
    for (const path of [
      '/handout.pdf',
      '/DECK.PDF',
      '/Deck.pdf',
      '/assets/../deck.pdf',
      '/./deck.pdf',
      '//deck.pdf',
      '/deck.pdf/',
      '/deck%2Epdf',
      '/deck.pdf.',
      '/deck.pdf%00',
      '/assets/..%2fdeck.pdf',
    ]) {
      const reply = await rawGet(p.url, path, cookie);
      expect(reply.text.startsWith('%PDF'), path).toBe(false);
      expect([301, 404], path).toContain(reply.status);
      if (reply.status === 301) {
        // A redirect may only lead to the stamped address itself.
        expect(reply.headers.location, path).toBe(DECK_PDF_PATH);
      }
    }
  });

  it('refuses (403) a viewer whose access was revoked or has expired', async () => {
    await setDownloads(true);
    const revokedToken = await registeredUser(p, 'revoked@fund.example');
    const expiredToken = await registeredUser(p, 'expired@fund.example');
    const idOf = async (token: string) => (await p.call('GET', '/entities/User/me', { token })).body.id as string;
    const revokedId = await idOf(revokedToken);
    await p.db.query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE email = $1`, ['expired@fund.example']);
    expect((await p.call('POST', ACCESS_CALL.revoke(revokedId), { token: admin })).status).toBe(200);
    for (const token of [revokedToken, expiredToken]) {
      for (const reply of [await download({ cookie: token }), await download({ bearer: token })]) {
        expect(reply.status).toBe(403);
        expect(JSON.parse(text(reply.bytes))).toMatchObject({ extra_data: { reason: ACCESS_ENDED_REASON } });
      }
    }
  });

  it('reads a new export once its file changes (a classic xref table too), and names `npm run export` while there is none', async () => {
    await setDownloads(true);
    writeFileSync(pdfFile(), await exportedPdf(2, false));
    const tableReply = await download({ cookie: viewer });
    const table = pageTexts(tableReply.bytes);
    expect(Buffer.from(tableReply.bytes).toString('latin1').match(/%%EOF/g)).toHaveLength(1);
    expect(table).toHaveLength(2);
    expect(table.every((page) => page.includes('partner@fund.example'))).toBe(true);
    rmSync(pdfFile());
    const missing = await download({ cookie: viewer });
    expect(missing.status).toBe(503);
    expect(JSON.parse(text(missing.bytes))).toMatchObject({ code: 'pdf_not_exported', detail: expect.stringContaining('npm run export') });
    writeFileSync(pdfFile(), 'not a PDF at all');
    const broken = await download({ cookie: viewer });
    expect(broken.status).toBe(503);
    expect(JSON.parse(text(broken.bytes))).toMatchObject({ code: 'pdf_unreadable', detail: expect.stringContaining('npm run export') });
    expect(
      p.logs.filter((line) => line.startsWith(`[deck.pdf] ${pdfFile()} cannot be stamped: `)),
      'the log says which file could not be stamped',
    ).toHaveLength(1);
    writeFileSync(pdfFile(), await exportedPdf(3));
    expect(pageTexts((await download({ cookie: viewer })).bytes)).toHaveLength(3);
  });

  it(`limits each person to ${PDF_DOWNLOADS_PER_PERSON} downloads in ${PDF_DOWNLOAD_WINDOW_MS / 60_000} minutes (then 429 with Retry-After), and logs them once`, async () => {
    await setDownloads(true);
    const looper = await registeredUser(p, 'looper@fund.example');
    const copies: Uint8Array[] = [];
    for (let n = 0; n < PDF_DOWNLOADS_PER_PERSON; n++) {
      const reply = await download({ bearer: looper });
      expect(reply.status, `download ${n + 1}`).toBe(200);
      copies.push(reply.bytes);
    }
    // The copy kept for this person and version: the same bytes each time, stamped for them.
    expect(copies.every((copy) => Buffer.from(copy).equals(Buffer.from(copies[0]!)))).toBe(true);
    expect(pageTexts(copies[0]!).every((page) => page.includes('looper@fund.example'))).toBe(true);
    const refused = await download({ bearer: looper });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(PDF_DOWNLOAD_WINDOW_MS / 1000);
    expect(JSON.parse(text(refused.bytes))).toMatchObject({ code: 'rate_limited', extra_data: { retry_after: wait } });
    // A browser following the link gets a page that says to wait, with the same status and header.
    const navigated = await fetch(`${p.url}${DECK_PDF_PATH}`, { headers: { Cookie: `deck_session=${looper}`, 'Sec-Fetch-Dest': 'document' } });
    expect(navigated.status).toBe(429);
    expect(navigated.headers.get('retry-after')).toBeTruthy();
    expect(await navigated.text()).toContain('Too many requests');
    // Parallel requests beyond the limit all wait too: the places are taken atomically.
    const burst = await Promise.all(Array.from({ length: 4 }, () => download({ bearer: looper })));
    expect(burst.map((reply) => reply.status)).toEqual([429, 429, 429, 429]);
    // Someone else still downloads.
    expect((await download({ bearer: await registeredUser(p, 'bystander@fund.example') })).status).toBe(200);
    // One audit entry for the ten downloads of one version.
    const entries = await p.db.query<{ detail: { version: unknown } }>(`SELECT detail FROM audit_log WHERE action = 'pdf_downloaded' AND actor = $1`, [
      'looper@fund.example',
    ]);
    expect(entries.rows).toHaveLength(1);
  });

  it('logs one download for parallel first downloads of one person', async () => {
    await setDownloads(true);
    const eager = await registeredUser(p, 'eager@fund.example');
    const replies = await Promise.all(Array.from({ length: 4 }, () => download({ bearer: eager })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    const entries = await p.db.query(`SELECT 1 FROM audit_log WHERE action = 'pdf_downloaded' AND actor = $1`, ['eager@fund.example']);
    expect(entries.rows).toHaveLength(1);
  });
});
