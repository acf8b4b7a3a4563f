import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckOptions } from '../../schemas/engagementPaths.ts';
import { ADMIN_CONSOLE_LABEL, ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { testChromium } from './sharedChromium.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { eventually } from '../support/waitFor.ts';
import { pathOf, signedInPage, presentFor } from './presenterSession.ts';
import { setDeckOptions } from '../platform/deckOptionsCall.ts';

// An admin presenting, in chromium against the local platform serving the built deck:
// the presenter window moves with the one tab that opened it and no other admin tab (the console
// stays put); the admin's own email is never projected (no watermark in present mode or the
// presenter view, while a viewer keeps theirs); the presenter's previews show each slide whole.

const deck = loadContent(process.cwd()).content!.slides.filter((slide) => slide.order !== null);
let p: TestPlatform;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck' });
  adminToken = await p.login(ADMIN.email, ADMIN.password);
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

/** Sets the deck's switches as the console does: the one DeckOptions record. */
const setOptions = (options: DeckOptions) => setDeckOptions(p, adminToken, options);

/** Presses P in the deck tab and returns the presenter window it opened. */
async function openPresenter(deckPage: Page): Promise<Page> {
  await deckPage.getByRole('button', { name: 'Presenter view' }).waitFor();
  const popup = deckPage.context().waitForEvent('page');
  await deckPage.locator('body').press('p');
  const presenter = await popup;
  await presenter.getByRole('heading', { level: 1, name: 'Presenter view' }).waitFor();
  return presenter;
}

/** Another tab of the same admin's browser, on `path`. */
async function anotherTab(page: Page, path: string): Promise<Page> {
  const tab = await page.context().newPage();
  await tab.goto(`${p.url}${path}`);
  return tab;
}

const indexOf = (path: string) => deck.findIndex((slide) => slide.path === path);

describe('an admin’s tabs', () => {
  it('stay put: only the tab the presenter window was opened from moves with it', async () => {
    const presenting = await signedInPage(browser, p, ADMIN.email, ADMIN.password, '/market');
    const consoleTab = await anotherTab(presenting, ADMIN_PATH);
    await consoleTab.getByRole('heading', { level: 1, name: ADMIN_CONSOLE_LABEL }).waitFor();
    const reading = await anotherTab(presenting, '/problem');
    await reading.locator('#slide-title').waitFor();
    // The reading tab has its presenting code in (it answers P) before anything moves.
    await reading.getByRole('button', { name: 'Presenter view' }).waitFor();
    const presenter = await openPresenter(presenting);

    for (const move of ['deck', 'presenter'] as const) {
      const from = indexOf(pathOf(presenting));
      const to = deck[from + 1]!.path;
      await (move === 'deck' ? presenting : presenter).bringToFront();
      await (move === 'deck' ? presenting : presenter).locator('body').press('ArrowRight');
      await presenting.waitForURL((url) => url.pathname === to);
      await expect.poll(() => presenter.getByTestId('presenter-current').textContent()).toBe(deck[from + 1]!.label);
      // Every tab heard the same message on the channel by now; the others did not move.
      expect(pathOf(consoleTab), `after a move in the ${move} window`).toBe(ADMIN_PATH);
      expect(pathOf(reading), `after a move in the ${move} window`).toBe('/problem');
    }
    // A move in the reading tab moves neither the presenting tab nor the presenter window.
    const presentingAt = pathOf(presenting);
    await reading.bringToFront();
    await reading.locator('body').press('ArrowRight');
    await reading.waitForURL((url) => url.pathname === deck[indexOf('/problem') + 1]!.path);
    // The presenter window's own move afterwards is the last thing the presenting tab hears.
    await presenter.bringToFront();
    await presenter.locator('body').press('ArrowRight');
    const expected = deck[indexOf(presentingAt) + 1]!.path;
    await presenting.waitForURL((url) => url.pathname === expected);
    expect(pathOf(consoleTab)).toBe(ADMIN_PATH);
    await presenting.context().close();
  });
});

describe('an admin presenting', () => {
  it('projects no watermark in present mode or the presenter view, while a viewer keeps theirs', async () => {
    await setOptions({ watermark: true, downloads: false, recording: false });
    const admin = await signedInPage(browser, p, ADMIN.email, ADMIN.password, '/market');
    const marks = (page: Page) => page.locator('article.slide > .watermark').count();
    // The reading view carries the mark (the admin sees what viewers see), so the options are in.
    await eventually(async () => (await marks(admin)) > 0, { what: 'the mark in the reading view', timeoutMs: 10_000 });
    await presentFor(admin, 'present');
    await eventually(async () => (await marks(admin)) === 0, { what: 'no mark in present mode' });
    await admin.locator('body').press('ArrowRight');
    await admin.waitForURL((url) => url.pathname === deck[indexOf('/market') + 1]!.path);
    await admin.locator('.slide__body:not([aria-busy])').first().waitFor();
    expect(await marks(admin)).toBe(0);
    expect(await admin.getByText(ADMIN.email).filter({ visible: true }).count()).toBe(0);
    await admin.locator('body').press('Escape');
    await eventually(async () => (await marks(admin)) > 0, { what: 'the mark back in the reading view' });

    const presenter = await openPresenter(admin);
    await presenter.locator('.presenter__current article.slide .slide__body:not([aria-busy])').waitFor();
    expect(await marks(presenter)).toBe(0);
    expect(await presenter.getByText(ADMIN.email).count()).toBe(0);

    await registeredUser(p, 'presented-to@fund.example', 'viewer-password-12');
    const viewer = await signedInPage(browser, p, 'presented-to@fund.example', 'viewer-password-12', '/market');
    await viewer.setViewportSize({ width: 1920, height: 1080 });
    await viewer.locator('body').press('f');
    await eventually(() => viewer.evaluate(() => document.documentElement.classList.contains('present-mode')), { what: 'the viewer presenting' });
    await eventually(async () => (await marks(viewer)) > 0, { what: 'the viewer’s mark in present mode', timeoutMs: 10_000 });
    // Theirs sits in the canvas's margin, at the canvas's smallest size, clear of the slide's content.
    const clear = await viewer.evaluate(() => {
      const slide = document.querySelector('.slide-frame > article.slide')!;
      const bands = [...slide.querySelectorAll('.watermark__band')].map((band) => band.getBoundingClientRect());
      const content = [slide.querySelector('.slide__header')!, slide.querySelector('.slide__body')!].map((part) => part.getBoundingClientRect());
      return bands.every((band) => content.every((part) => band.bottom <= part.top || band.top >= part.bottom)) || JSON.stringify({ bands, content });
    });
    expect(clear).toBe(true);
    await setOptions({ watermark: false, downloads: false, recording: false });
    await admin.context().close();
    await viewer.context().close();
  });

  it('sees each slide whole in the presenter window’s previews', async () => {
    const admin = await signedInPage(browser, p, ADMIN.email, ADMIN.password, '/problem');
    const presenter = await openPresenter(admin);
    for (const path of ['/problem', '/ecosystem']) {
      if (pathOf(admin) !== path) {
        await admin.goto(`${p.url}${path}`);
        await expect.poll(() => presenter.getByTestId('presenter-current').textContent()).toBe(deck[indexOf(path)]!.label);
      }
      const preview = presenter.locator('.presenter__current .slide-preview');
      await preview.locator('.slide__body:not([aria-busy])').waitFor();
      await eventually(
        () =>
          preview.evaluate((box) => {
            const frame = box.getBoundingClientRect();
            const slide = box.querySelector<HTMLElement>('article.slide')!;
            if (!slide.style.getPropertyValue('--fit')) return false;
            const parts = [...slide.querySelectorAll('*')].filter((element) => element.getClientRects().length > 0 && !element.closest('.visually-hidden'));
            // Every part of the slide inside the preview's box: nothing cropped.
            return (
              parts.length > 20 &&
              parts.every((element) => {
                const rect = element.getBoundingClientRect();
                return rect.bottom <= frame.bottom + 0.5 && rect.right <= frame.right + 0.5;
              })
            );
          }),
        { what: `${path} whole in the preview` },
      );
    }
    await admin.context().close();
  });
});
