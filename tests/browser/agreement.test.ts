import { tmpdir } from 'node:os';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementText } from '../../schemas/agreement.ts';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { parseAgreement } from '../../src/content/agreement.ts';
import { builtDeckWithPdf } from '../support/builtDeckWithPdf.ts';
import { startTestPlatform, ADMIN, type TestPlatform } from '../platform/harness.ts';
import { ALPHA, BETA, twoPartners } from '../platform/twoPartners.ts';
import { eventually } from '../support/waitFor.ts';
import { axeViolations } from './axeViolations.ts';
import { signedInWithToken } from './presenterSession.ts';
import { testChromium } from './sharedChromium.ts';

// The confidentiality agreement in chromium against the local platform serving the built deck (with
// an exported PDF beside it): before a partner accepts, a crawl of every file of the build with their
// session gets no byte of the deck; the agreement shows in place of the first page and of the PDF, with
// no axe violation; accepting goes on to the page and shows in the console; declining signs out to a
// clear page. Screenshots go to SHOTS for a person to look at.

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'agreement-shots');
// The example the editing guide starts editors from: it must pass the check, and reads as shown here.
const SOURCE = readFileSync('slides/agreement.example.md', 'utf8');

let p: TestPlatform;
let browser: Browser;
let deck: { dir: string; remove(): void };
let agreement: AgreementText;

beforeAll(async () => {
  const parsed = parseAgreement('slides/agreement.md', SOURCE);
  expect(parsed.issues).toEqual([]);
  agreement = parsed.agreement!;
  deck = await builtDeckWithPdf();
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir, appId: 'investor-deck', agreement });
  await twoPartners(p);
  // Downloads on: the PDF's address is a door the agreement guards too.
  const admin = await p.login(ADMIN.email, ADMIN.password);
  expect((await p.call('POST', '/entities/DeckOptions', { token: admin, body: { downloads: true, recording: true, watermark: false } })).status).toBe(200);
  browser = await testChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await p?.close();
  deck?.remove();
});

/** Every file of the build, as the site serves it. */
function builtFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(gz|br)$/.test(entry.name))
    .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .filter((path) => statSync(join(dir, path)).size > 0);
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1920, 1080],
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('before a partner accepts', () => {
  it('no file of the build that holds the deck reaches them, by any address', async () => {
    const token = await p.login(ALPHA.email, ALPHA.password);
    const headers = { Cookie: `deck_session=${token}` };
    // What only the deck holds: each page's own title and the content chunks' code.
    const pages = builtFiles(deck.dir).filter((path) => path.endsWith('.html') && !['/_gate.html', '/404.html', '/login.html'].includes(path));
    const contentChunks = builtFiles(deck.dir).filter((path) => path.startsWith('/assets/content/'));
    expect(pages.length).toBeGreaterThan(15);
    expect(contentChunks.length).toBeGreaterThan(15);
    // What each file would give away: a page's own heading, a chunk's own code.
    const secretOf = (path: string) => {
      const text = readFileSync(join(deck.dir, path), 'utf8');
      return path.endsWith('.html') ? (/<h1 id="slide-title"[^>]*>([^<]+)</.exec(text)?.[1] ?? text.slice(-400)) : text.slice(0, 300);
    };
    for (const file of [...pages, ...contentChunks]) {
      const secret = secretOf(file);
      for (const path of file.endsWith('.html') ? [file, file === '/index.html' ? '/' : file.replace(/\.html$/, '')] : [file]) {
        const response = await fetch(`${p.url}${path}`, { headers, redirect: 'manual' });
        const body = await response.text();
        expect(body.includes(secret), `${path} sent what ${file} holds`).toBe(false);
        if (file.endsWith('.html')) expect(body, path).toContain('<h1 id="slide-title" class="slide__title">Confidentiality agreement</h1>');
        else expect(response.status, path).toBe(404);
      }
    }
    const pdf = await fetch(`${p.url}/deck.pdf`, { headers });
    const pdfBody = await pdf.text();
    expect(pdfBody.startsWith('%PDF'), 'the PDF sent before acceptance').toBe(false);
    expect(pdfBody).toContain('Confidentiality agreement');
  });

  it('the first page is the agreement, and the PDF’s address too', async () => {
    const page = await signedInWithToken(browser, p, ALPHA.email, ALPHA.password);
    await page.goto(`${p.url}/market`);
    await page.getByRole('heading', { level: 1, name: 'Confidentiality agreement' }).waitFor();
    expect(await page.getByRole('region', { name: "The agreement's text" }).textContent()).toContain('Everything the deck shows');
    expect(await page.locator('.slide__body').count()).toBe(0);
    expect(await axeViolations(page, 'the agreement', [1280, 390])).toEqual([]);
    await shots(page, 'agreement');
    await page.goto(`${p.url}/deck.pdf`);
    await page.getByRole('heading', { level: 1, name: 'Confidentiality agreement' }).waitFor();
    await page.context().close();
  });
});

describe('accepting', () => {
  it('goes on to the page the partner asked for, which the console then shows', async () => {
    const page = await signedInWithToken(browser, p, ALPHA.email, ALPHA.password);
    await page.goto(`${p.url}/market`);
    await page.getByRole('button', { name: 'I accept' }).click();
    await page.waitForURL((url) => url.pathname === '/market');
    await page.locator('#slide-title').waitFor();
    expect(await page.locator('#slide-title').textContent()).toBeTruthy();
    const owner = await signedInWithToken(browser, p, ADMIN.email, ADMIN.password);
    await owner.goto(`${p.url}${ADMIN_PATH}#admin-agreement`);
    const section = owner.locator('section[aria-labelledby="admin-agreement"]');
    const row = section.locator(`tr[data-agreement="${ALPHA.email}"]`);
    await eventually(async () => (await row.textContent())?.includes('Accepted'), { what: 'the acceptance in the console', timeoutMs: 10_000 });
    expect(await row.textContent()).toContain('127.0.0.1');
    expect(await section.locator(`tr[data-agreement="${BETA.email}"]`).textContent()).toContain('Not yet');
    expect(await section.textContent()).toContain(`version ${agreement.version}`);
    await section.evaluate((element) => element.scrollIntoView());
    expect(await axeViolations(owner, 'the console’s Agreement section')).toEqual([]);
    await owner.screenshot({ path: join(SHOTS, 'console-agreement-1280x800.png') });
    await page.context().close();
    await owner.context().close();
  });
});

describe('declining', () => {
  it('signs the partner out to a clear page', async () => {
    const page = await signedInWithToken(browser, p, BETA.email, BETA.password);
    await page.goto(`${p.url}/`);
    await page.getByRole('button', { name: 'Decline and sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'You declined the agreement' }).waitFor();
    expect(await axeViolations(page, 'the declined page', [1280, 390])).toEqual([]);
    await shots(page, 'agreement-declined');
    // Signed out: the deck asks for a sign-in again.
    await page.goto(`${p.url}/market`);
    await page.waitForURL(/\/login/);
    await page.context().close();
  });
});
