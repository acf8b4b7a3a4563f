import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { testChromium } from './sharedChromium.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { builtDeckWithPdf } from '../support/builtDeckWithPdf.ts';
import { eventually } from '../support/waitFor.ts';
import { hydrated, presentFor, signedInPage } from './presenterSession.ts';
import { fillSignIn } from './signIn.ts';

// In chromium: every page runs under its Content-Security-Policy with zero
// violations: signed out (gate, sign-in in each form, 404), every deck page loaded directly and
// reached by key, the dialogs, present mode, the presenter window, the admin console's sections and
// dialogs, follow-me and the socket, the watermark and the PDF download; and the standalone build
// under its <meta> policy. Each context listens for `securitypolicyviolation` in every page it opens
// (popups included) and for chromium's console messages about the policy. One test makes a
// violation on purpose: the listener catches it and the platform's report endpoint logs it.

const slides = loadContent(process.cwd()).content!.slides;
const routes = slides.map((slide) => slide.path);
const baseUrl = inject('baseUrl');

let p: TestPlatform;
let browser: Browser;
/**
 * A page on another origin that frames deck pages: on 127.0.0.1 it is the platform's origin named in
 * the setting (same site, so the session cookie goes along); the same server on localhost is anyone else.
 */
let parent: Server;
let parentOrigin: string;
let strangerOrigin: string;
let deck: Awaited<ReturnType<typeof builtDeckWithPdf>>;

/** A browser context that records every CSP violation of every page it opens. */
interface Watched {
  context: BrowserContext;
  violations: string[];
}

async function watchedContext(): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const violations: string[] = [];
  // Both run through the DevTools protocol, outside the pages' policy.
  await context.exposeBinding('__cspViolation', ({ page }, text: string) => violations.push(`${new URL(page.url()).pathname}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return { context, violations };
}

/** Signs in through the sign-in page in `watched`'s context and waits for the deck at `path`. */
const signIn = (watched: Watched, email: string, password: string, path = '/') => signedInPage(browser, p, email, password, path, watched.context);

/** Waits until the deck has hydrated for a signed-in person and its fades ended. */
async function deckReady(page: Page): Promise<void> {
  await hydrated(page);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.effect?.getComputedTiming().iterations === Infinity));
}

/** The policy a document answer carried, as directive → sources. */
function policyOf(response: Response | null): Map<string, string[]> {
  const header = response?.headers()['content-security-policy'];
  expect(header, `${response?.url()} carries a Content-Security-Policy`).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectStrict(policy: Map<string, string[]>, frameAncestors: string[]): void {
  const scripts = policy.get('script-src')!;
  expect(scripts.some((source) => source.startsWith("'sha256-"))).toBe(true);
  expect(scripts).toContain("'strict-dynamic'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
  expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(frameAncestors);
  expect(policy.get('report-uri')).toEqual(['/api/csp-report']);
}

beforeAll(async () => {
  parent = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://localhost').searchParams.get('src') ?? '';
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>parent</title><iframe src="${src.replace(/"/g, '')}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
  parentOrigin = `http://127.0.0.1:${(parent.address() as AddressInfo).port}`;
  strangerOrigin = `http://localhost:${(parent.address() as AddressInfo).port}`;
  // The built deck with an export beside it: "Download PDF" shows only when there is a PDF to stamp.
  deck = await builtDeckWithPdf();
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir, appId: 'investor-deck', frameAncestors: ["'self'", parentOrigin] });
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
  await new Promise((resolve) => parent?.close(resolve));
  deck?.remove();
});

describe('signed out', () => {
  it('the gate page, the sign-in page in each of its forms, the 404 page and /admin: strict policies, zero violations', async () => {
    const watched = await watchedContext();
    const page = await watched.context.newPage();
    const gate = await page.goto(`${p.url}/market`);
    expectStrict(policyOf(gate), ["'self'", parentOrigin]);
    await page.waitForURL(/\/login/);
    await page.getByRole('heading', { name: 'Sign in to view the deck' }).waitFor();

    const login = await page.goto(`${p.url}/login`);
    expectStrict(policyOf(login), ["'self'"]);
    await page.getByRole('heading', { name: 'Sign in to view the deck' }).waitFor();
    await fillSignIn(page, 'nobody@lender.test', 'not-the-password-1');
    await page.getByRole('alert').filter({ hasText: /./ }).first().waitFor();
    await page.getByRole('button', { name: /Create your account/ }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page
      .getByRole('button', { name: /Sign in/ })
      .first()
      .click();
    await page.getByRole('button', { name: /Forgot your password/ }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.goto(`${p.url}/login?reset_token=not-a-live-token`);
    // A dead reset link says so as it opens, before anything is typed.
    await page.getByRole('heading', { name: 'Reset link not valid' }).waitFor();
    await page.goto(`${p.url}/login?invite_token=not-a-live-token`);
    await page.getByRole('heading').first().waitFor();

    // A signed-out visitor of a sign-in deck is sent from the 404 page to the sign-in page.
    for (const path of ['/no-such-page', ADMIN_PATH]) {
      const missing = await page.goto(`${p.url}${path}`);
      expect(missing?.status()).toBe(404);
      expectStrict(policyOf(missing), ["'self'", parentOrigin]);
      await page.waitForURL(/\/login/);
      await page.getByRole('heading', { name: 'Sign in to view the deck' }).waitFor();
    }

    expect(watched.violations).toEqual([]);
    await watched.context.close();
  });
});

describe('an admin', () => {
  let watched: Watched;
  let deck: Page;

  beforeAll(async () => {
    watched = await watchedContext();
    deck = await signIn(watched, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await watched?.context.close();
  });

  it('opens every deck page directly: each answer carries its own hashes and the page runs with zero violations', async () => {
    const inlineStyles = new Set<string>();
    for (const route of routes) {
      const response = await deck.goto(`${p.url}${route}`);
      const policy = policyOf(response);
      expectStrict(policy, ["'self'", parentOrigin]);
      for (const source of policy.get('style-src')!.filter((source) => source.startsWith("'sha256-"))) inlineStyles.add(source);
      await deckReady(deck);
    }
    // The stylesheet inline in every page, and the empty one framer-motion's popLayout adds.
    expect(inlineStyles.size).toBe(2);
    const missing = await deck.goto(`${p.url}/no-such-page`);
    expectStrict(policyOf(missing), ["'self'", parentOrigin]);
    await deck.getByText('Admin Note').waitFor();
    expect(watched.violations).toEqual([]);
  });

  it('moves through the whole deck by key (every page rendered by the client, with its transition)', async () => {
    await deck.goto(`${p.url}${routes[0]}`);
    await deckReady(deck);
    const order = slides.filter((slide) => slide.order !== null).map((slide) => slide.path);
    for (const next of order.slice(1)) {
      await deck.locator('body').press('ArrowRight');
      await deck.waitForURL((url) => url.pathname === next);
    }
    for (const previous of order.slice(0, -1).reverse().slice(0, 3)) {
      await deck.locator('body').press('ArrowLeft');
      await deck.waitForURL((url) => url.pathname === previous);
    }
    await deck.waitForFunction(() => document.getAnimations().length === 0);
    expect(watched.violations).toEqual([]);
  });

  it('opens the overview, go-to and key help dialogs, present mode and the presenter window', async () => {
    await deck.goto(`${p.url}/market`);
    await deckReady(deck);
    for (const key of ['o', 'g', '?']) {
      await deck.locator('body').press(key);
      await deck.getByRole('dialog').waitFor();
      await deck.keyboard.press('Escape');
      await deck.getByRole('dialog').waitFor({ state: 'detached' });
    }
    const presenting = () => deck.evaluate(() => document.documentElement.classList.contains('present-mode'));
    await presentFor(deck, 'present');
    await eventually(presenting, { what: 'F enters present mode' });
    await deck.locator('body').press('ArrowRight');
    await deck.waitForURL((url) => url.pathname !== '/market');
    await deck.keyboard.press('Escape');
    await eventually(async () => !(await presenting()), { what: 'Esc leaves present mode' });
    await deck.goto(`${p.url}/market?mode=present`);
    await eventually(presenting, { what: 'present mode from the address' });
    await deck.keyboard.press('Escape');

    await deck.getByRole('button', { name: 'Presenter view' }).waitFor();
    const popup = watched.context.waitForEvent('page');
    await deck.locator('body').press('p');
    const presenter = await popup;
    await presenter.getByRole('heading', { level: 1, name: 'Presenter view' }).waitFor();
    await presenter.locator('.presenter__current .slide__title').waitFor();
    await presenter.locator('body').press('ArrowRight');
    await presenter.waitForFunction(() => document.getAnimations().every((animation) => animation.effect?.getComputedTiming().iterations === Infinity));
    expect(policyOf(await presenter.reload()).get('script-src')).toContain("'strict-dynamic'");
    await presenter.getByRole('heading', { level: 1, name: 'Presenter view' }).waitFor();
    await presenter.close();
    expect(watched.violations).toEqual([]);
  });

  it('uses every section of the admin console, its dialogs and downloads; starts presenting over the socket', async () => {
    const response = await deck.goto(`${p.url}${ADMIN_PATH}`);
    expectStrict(policyOf(response), ["'self'"]);
    await deck.getByRole('heading', { level: 1, name: 'Admin console' }).waitFor();
    const sections = deck.getByRole('navigation', { name: 'Console sections' }).getByRole('link');
    for (const link of await sections.all()) await link.click();

    await deck.getByLabel('Email').fill('csp-partner@lender.example');
    await deck.getByRole('button', { name: 'Send invitation' }).click();
    await deck.getByRole('dialog', { name: 'Invite before the deck is ready?' }).getByRole('button', { name: 'Invite anyway' }).click();
    const row = deck.locator('tr[data-person="csp-partner@lender.example"]');
    await row.waitFor();
    await row.getByRole('button', { name: /Edit/ }).click();
    await deck.getByRole('dialog').waitFor();
    await deck.keyboard.press('Escape');
    await deck.getByRole('dialog').waitFor({ state: 'detached' });
    await row.getByRole('button', { name: /Revoke/ }).click();
    await deck.getByRole('dialog').waitFor();
    await deck.keyboard.press('Escape');
    await deck.getByRole('dialog').waitFor({ state: 'detached' });

    const settings = deck.locator('section[aria-labelledby="admin-settings"]');
    for (const name of ['Watermark slides', 'Offer the PDF']) {
      const box = settings.getByRole('switch', { name });
      if (!(await box.isChecked())) await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }

    // The audit log's filter and its CSV download (a blob: link the console clicks; the engagement CSV is the same).
    const audit = deck.locator('section[aria-labelledby="admin-audit"]');
    await audit.getByLabel('Person').fill(ADMIN.email);
    await audit.getByRole('button', { name: 'Show entries' }).click();
    const download = deck.waitForEvent('download');
    await audit.getByRole('button', { name: /^Download CSV/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    await deck.getByRole('button', { name: 'Account' }).click();
    await deck.getByRole('button', { name: 'Change password' }).click();
    await deck.getByRole('dialog').waitFor();
    await deck.keyboard.press('Escape');
    await deck.getByRole('dialog').waitFor({ state: 'detached' });

    // Follow-me goes over the socket: chromium must accept the same-origin ws: address under connect-src 'self'.
    const socket = deck.waitForEvent('websocket', (ws) => ws.url().includes('/ws-user-apps/socket.io/'));
    await deck.goto(`${p.url}/market`);
    await deckReady(deck);
    await presentFor(deck, 'follow');
    const ws = await socket;
    await deck.getByRole('button', { name: 'Stop presenting' }).waitFor();
    expect(ws.isClosed()).toBe(false);
    await deck.getByRole('button', { name: 'Stop presenting' }).click();
    await deck.getByRole('button', { name: 'Start presenting' }).waitFor();
    expect(watched.violations).toEqual([]);
  });
});

describe('a viewer', () => {
  it('sees the watermark, downloads the PDF, opens the consultation dialog, and is framed by the platform origin only where allowed', async () => {
    await registeredUser(p, 'csp-viewer@lender.test', 'csp-viewer-password-1');
    const watched = await watchedContext();
    const page = await signIn(watched, 'csp-viewer@lender.test', 'csp-viewer-password-1', '/market');
    await deckReady(page);
    // The switches the admin turned on above.
    await page.locator('article.slide > .watermark').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    await page.goto(`${p.url}/contact`);
    await deckReady(page);
    await page.getByRole('button', { name: 'Schedule a Consultation' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    expect(watched.violations).toEqual([]);

    // The platform's origin (the frameAncestors setting) may frame a deck page; it may not frame the
    // sign-in page, and any other origin may frame neither.
    const framing = await watched.context.newPage();
    const framed = (origin: string, path: string) => framing.goto(`${origin}/?src=${encodeURIComponent(`${p.url}${path}`)}`);
    const refused = () => eventually(() => framing.frames()[1]?.url().startsWith('chrome-error://') === true, { timeoutMs: 10_000, what: 'a refused frame' });
    await framed(parentOrigin, '/market');
    await framing.frameLocator('iframe').locator('#slide-title').waitFor();
    await framed(parentOrigin, '/login');
    await refused();
    await framed(strangerOrigin, '/market');
    await refused();
    const blocked = watched.violations.filter((text) => text.includes('frame-ancestors'));
    expect(blocked).toHaveLength(2);
    expect(watched.violations.length).toBe(blocked.length);
    await watched.context.close();
  });
});

describe('a violation', () => {
  it('is caught by the listener and logged by the platform from the report the page sends', async () => {
    const watched = await watchedContext();
    const page = await signIn(watched, ADMIN.email, ADMIN.password, '/problem');
    await deckReady(page);
    // Markup injected the way an XSS would bring it: its event handler must not run.
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML = '<img src="/no-such-image.png" onerror="window.injected = true">';
      document.body.append(box);
    });
    await eventually(() => watched.violations.some((text) => /script-src-attr blocked inline/.test(text)), { what: 'the violation event' });
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await eventually(() => p.logs.some((line) => /^\[csp\] script-src-attr blocked inline on http:\/\/127\.0\.0\.1:\d+\/problem/.test(line)), {
      timeoutMs: 10_000,
      what: 'the report in the platform log',
    });
    await watched.context.close();
  });
});

describe('the standalone build', () => {
  it('carries its policy in a <meta> on every page and runs every page with zero violations', async () => {
    const watched = await watchedContext();
    const page = await watched.context.newPage();
    for (const route of [...routes, '/no-such-page', '/login']) {
      await page.goto(`${baseUrl}${route}`);
      const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      expect(meta, route).toContain("'strict-dynamic'");
      expect(meta, route).not.toContain('frame-ancestors');
      await page.locator('h1').first().waitFor();
      await page.waitForFunction(() => document.getAnimations().length === 0);
    }
    await page.goto(`${baseUrl}/`);
    for (let index = 1; index < routes.length; index += 1) await page.locator('body').press('ArrowRight');
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(watched.violations).toEqual([]);
    await watched.context.close();
  });
});
