import { rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { ACCESS_CALL } from '../../schemas/accessWire.ts';
import { DECK_PDF_FILE, DECK_PDF_PATH, DECK_PDF_STATUS_CALL, type DeckOptions } from '../../schemas/engagementPaths.ts';
import { testChromium } from './sharedChromium.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { builtDeckWithPdf } from '../support/builtDeckWithPdf.ts';
import { eventually } from '../support/waitFor.ts';
import { axeViolations } from './axeViolations.ts';
import { signInReturningTo } from './signIn.ts';
import { setDeckOptions } from '../platform/deckOptionsCall.ts';

// No dead ends, in chromium: "Download PDF" only when a PDF can be served, and the console
// says why not; every error a person can reach in the browser is a page in the deck's style; a page
// turned while the server is down says it is reconnecting and fills in once it is back; a signed-out
// first visit logs nothing in the browser's console.
const deckPages = loadContent(process.cwd()).content!.slides.filter((slide) => slide.order !== null);
let p: TestPlatform;
let browser: Browser;
let admin: string;
let deck: Awaited<ReturnType<typeof builtDeckWithPdf>>;
let pdf: Buffer;

beforeAll(async () => {
  deck = await builtDeckWithPdf();
  pdf = readFileSync(join(deck.dir, DECK_PDF_FILE));
  // No export at first: the PDF is put in place by the test that needs it.
  rmSync(join(deck.dir, DECK_PDF_FILE));
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir, appId: 'investor-deck' });
  admin = await p.login(ADMIN.email, ADMIN.password);
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
  deck?.remove();
});

const setOptions = (options: DeckOptions) => setDeckOptions(p, admin, options);

/** A context signed in through the sign-in page, on `path`. */
async function signedIn(email: string, password: string, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${p.url}${path}`);
  await signInReturningTo(page, path, email, password);
  return page;
}

/** Opens `path` and waits until the deck has asked the platform whether the PDF can be served. */
async function openAndAskPdf(page: Page, path: string): Promise<void> {
  const asked = page.waitForResponse((response) => response.url().endsWith(DECK_PDF_STATUS_CALL));
  await page.goto(`${p.url}${path}`);
  await asked;
}

describe('the PDF control', () => {
  it('shows only when a PDF can be served; the console warns an admin who offers one that is not there', async () => {
    await setOptions({ watermark: false, downloads: true, recording: false });
    await registeredUser(p, 'pdf-reader@fund.example', 'viewer-password-12');
    const viewer = await signedIn('pdf-reader@fund.example', 'viewer-password-12', '/market');
    await openAndAskPdf(viewer, '/market');
    await viewer.getByRole('button', { name: 'Account' }).waitFor();
    expect(await viewer.getByRole('link', { name: 'Download PDF' }).count()).toBe(0);

    const console = await signedIn(ADMIN.email, ADMIN.password, ADMIN_PATH);
    const warning = console.getByText('No PDF has been exported yet');
    await warning.waitFor();
    expect(await console.locator('#admin-settings').locator('..').textContent()).toContain('npm run export');

    // The export arrives: the next visit offers it, and the warning is gone.
    writeFileSync(join(deck.dir, DECK_PDF_FILE), pdf);
    onTestFinished(() => rmSync(join(deck.dir, DECK_PDF_FILE), { force: true }));
    await openAndAskPdf(viewer, '/market');
    await viewer.getByRole('link', { name: 'Download PDF' }).waitFor();
    const asked = console.waitForResponse((response) => response.url().endsWith(DECK_PDF_STATUS_CALL));
    await console.reload();
    await console.getByRole('switch', { name: 'Offer the PDF' }).waitFor();
    await asked;
    expect(await warning.count()).toBe(0);
    await viewer.context().close();
    await console.context().close();
  });
});

describe('errors a person can reach', () => {
  it('are pages in the deck’s style, never JSON: the PDF without an export, and a revoked person’s download', async () => {
    await setOptions({ watermark: false, downloads: true, recording: false });
    await registeredUser(p, 'dead-end@fund.example', 'viewer-password-12');
    const viewer = await signedIn('dead-end@fund.example', 'viewer-password-12', '/market');
    await viewer.locator('#slide-title').waitFor();

    const missing = await viewer.goto(`${p.url}${DECK_PDF_PATH}`);
    expect(missing!.status()).toBe(503);
    expect(missing!.headers()['content-type']).toMatch(/^text\/html/);
    await viewer.getByRole('heading', { level: 1, name: 'The PDF is not available' }).waitFor();
    expect(await viewer.textContent('body')).not.toMatch(/npm|detail|\{/);
    expect(await viewer.locator('link[rel="stylesheet"]').count()).toBe(1);
    expect(await viewer.evaluate(() => getComputedStyle(document.querySelector('.system-card')!).borderTopWidth)).toBe('4px');
    expect(await axeViolations(viewer, 'the PDF unavailable page')).toEqual([]);
    await viewer.screenshot({ path: join(tmpdir(), 'error-page-pdf-1280.png') });

    const [person] = (await p.call('GET', `/entities/User?q=${encodeURIComponent(JSON.stringify({ email: 'dead-end@fund.example' }))}`, { token: admin })).body;
    expect((await p.call('POST', ACCESS_CALL.revoke(person.id), { token: admin })).status).toBe(200);
    const revoked = await viewer.goto(`${p.url}${DECK_PDF_PATH}`);
    expect(revoked!.status()).toBe(403);
    expect(revoked!.headers()['content-type']).toMatch(/^text\/html/);
    await viewer.getByRole('heading', { level: 1, name: 'Your access to this deck has ended' }).waitFor();
    expect(await viewer.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await axeViolations(viewer, 'the ended-access page')).toEqual([]);
    // The deck's own calls still get the platform's JSON.
    const call = await p.call('GET', '/entities/User/me');
    expect(call.status).toBe(403);
    expect(call.headers.get('content-type')).toMatch(/json/);
    await viewer.context().close();
  });
});

describe('a signed-out first visit', () => {
  it('goes to the sign-in page and logs nothing in the browser’s console', async () => {
    const page = await (await browser.newContext()).newPage();
    const logged: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
    await page.goto(`${p.url}/market`);
    await page.waitForURL(/\/login\?from_url=/);
    await page.getByRole('heading', { name: 'Sign in to view the deck' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(logged).toEqual([]);
    await page.context().close();
  });
});

describe('a page turned while the server is down', () => {
  it('says it is reconnecting instead of a blank body, and fills in once the connection is back', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const baseUrl = inject('baseUrl');
    await page.goto(`${baseUrl}/market`, { waitUntil: 'networkidle' });
    await page.locator('#slide-title').waitFor();
    // Every slide body now fails to arrive, as with the server down.
    const down = (route: { abort(): Promise<void> }) => route.abort();
    await page.route('**/assets/content/**', down);
    const next = deckPages[deckPages.findIndex((slide) => slide.path === '/market') + 1]!;
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}${next.path}`);
    const frame = page.locator(`[data-route="${next.path}"]`);
    await frame.getByRole('status').filter({ hasText: 'Reconnecting' }).waitFor({ timeout: 10_000 });
    expect(await frame.locator('#slide-title').textContent()).toBe(next.title);
    expect(await axeViolations(page, 'reconnecting', [1280])).toEqual([]);
    await page.unroute('**/assets/content/**', down);
    await eventually(async () => (await frame.locator('.slide__body:not([aria-busy])').count()) === 1, {
      what: 'the body after reconnecting',
      timeoutMs: 10_000,
    });
    expect(await frame.getByText('Reconnecting').count()).toBe(0);
    await page.context().close();
  });
});
