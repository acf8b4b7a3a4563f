import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testChromium } from './sharedChromium.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { axeViolations } from './axeViolations.ts';
import { pathOf, signedInPage } from './presenterSession.ts';

// The presenter view in chromium against the local platform: P opens a second window of
// the same browser with the current and next slide, the notes, the timer and the clock; moving in
// either window moves the other (BroadcastChannel). Viewers and the standalone build have none of it.

const { content } = loadContent(process.cwd());
const deck = content!.slides.filter((slide) => slide.order !== null);
const noteOf = (path: string) => content!.notes[path]!.split('\n')[0]!;

let p: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck' });
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

/** Presses P in the deck and returns the presenter window it opened. */
async function openPresenter(deckPage: Page): Promise<Page> {
  // The controls show once the deck has hydrated and the admin's presenting code is in: P works then.
  await deckPage.getByRole('button', { name: 'Presenter view' }).waitFor();
  const popup = deckPage.context().waitForEvent('page');
  await deckPage.locator('body').press('p');
  const presenter = await popup;
  await presenter.getByRole('heading', { level: 1, name: 'Presenter view' }).waitFor();
  return presenter;
}

describe('the presenter window', () => {
  it('shows the current and next slide and the notes, and keeps both windows on one slide both ways', async () => {
    const market = deck.find((slide) => slide.path === '/market')!;
    const afterMarket = deck[deck.indexOf(market) + 1]!;
    const admin = await signedInPage(browser, p, ADMIN.email, ADMIN.password, market.path);
    const presenter = await openPresenter(admin);

    const current = presenter.getByTestId('presenter-current');
    await expect.poll(() => current.textContent()).toBe(market.label);
    expect(await presenter.getByTestId('presenter-next').textContent()).toBe(afterMarket.label);
    await expect.poll(() => presenter.locator('.presenter__note-text').textContent()).toContain(noteOf(market.path));
    // The previews are the slides themselves.
    await expect.poll(() => presenter.locator('.presenter__current .slide__title').textContent()).toBe(market.title);

    // The deck window moves: the presenter window follows.
    await admin.locator('body').press('ArrowRight');
    await admin.waitForURL((url) => url.pathname === afterMarket.path);
    await expect.poll(() => current.textContent()).toBe(afterMarket.label);
    await expect.poll(() => presenter.locator('.presenter__note-text').textContent()).toContain(noteOf(afterMarket.path));

    // The presenter window moves (key and button): the deck window follows.
    await presenter.locator('body').press('ArrowRight');
    const third = deck[deck.indexOf(afterMarket) + 1]!;
    await admin.waitForURL((url) => url.pathname === third.path);
    await presenter.getByRole('button', { name: 'Previous' }).click();
    await admin.waitForURL((url) => url.pathname === afterMarket.path);
    await expect.poll(() => admin.locator('#slide-title').allTextContents()).toEqual([afterMarket.title]);
    expect(await current.textContent()).toBe(afterMarket.label);
    // Previews are pictures (inert, hidden from assistive technology); the window's own controls are labelled.
    expect(await axeViolations(presenter, 'presenter view', [1280])).toEqual([]);
    await presenter.close();
    await admin.context().close();
  });

  it('fits the window at 1280×800, 1440×900, 1920×1080 and 2560×1440: both slides whole, notes, timer and moves, no scroll', async () => {
    const admin = await signedInPage(browser, p, ADMIN.email, ADMIN.password, '/market');
    const presenter = await admin.context().newPage();
    await presenter.goto(`${p.url}/?presenter=1&slide=/market`);
    await presenter.getByRole('heading', { level: 1, name: 'Presenter view' }).waitFor();
    await expect.poll(() => presenter.locator('.presenter__note-text').textContent()).toContain(noteOf('/market'));
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
      [1920, 1080],
      [2560, 1440],
    ] as const) {
      await presenter.setViewportSize({ width, height });
      const size = `${width}×${height}`;
      // The previews are scaled to their boxes on a resize (a ResizeObserver, a frame or more later): wait
      // for both to be fitted to the boxes of this size, not to the previous size's.
      await expect
        .poll(
          () =>
            presenter.evaluate(() =>
              [...document.querySelectorAll<HTMLElement>('.slide-preview')].map((box) => {
                const frame = box.querySelector('.slide-frame')!.getBoundingClientRect().width;
                const fitted = Math.min(box.clientWidth, ((box.clientHeight - 2) * 16) / 9 + 2);
                return Math.abs(frame - fitted) <= 2;
              }),
            ),
          { message: `${size}: two previews fitted to their boxes` },
        )
        .toEqual([true, true]);
      const layout = await presenter.evaluate(() => {
        const doc = document.documentElement;
        const inWindow = (element: Element) => {
          const r = element.getBoundingClientRect();
          return r.width > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
        };
        const frames = [...document.querySelectorAll<HTMLElement>('.slide-preview > .slide-frame')];
        const needed = [
          ...frames,
          ...document.querySelectorAll(
            '.presenter button, [data-testid=presenter-elapsed], [data-testid=presenter-clock], .presenter__note-box, .presenter__label',
          ),
        ];
        const slidesWhole = frames.every((frame) => {
          const slide = frame.querySelector('article.slide')!.getBoundingClientRect();
          const box = frame.getBoundingClientRect();
          return slide.width <= box.width + 1 && slide.height <= box.height + 1 && Math.abs(box.width / box.height - 16 / 9) < 0.02;
        });
        return {
          scrolls: doc.scrollWidth > innerWidth || doc.scrollHeight > innerHeight,
          outside: needed.filter((element) => !inWindow(element)).map((element) => element.className || element.textContent),
          slidesWhole,
          currentWidth: frames[0]!.getBoundingClientRect().width,
          nextWidth: frames[1]!.getBoundingClientRect().width,
          notesPx: parseFloat(getComputedStyle(document.querySelector('.presenter__note-text')!).fontSize),
        };
      });
      expect(layout.scrolls, `${size}: the window scrolls`).toBe(false);
      expect(layout.outside, `${size}: outside the window`).toEqual([]);
      expect(layout.slidesWhole, `${size}: each preview shows its whole 16:9 canvas`).toBe(true);
      expect(layout.currentWidth, `${size}: the current slide is the larger`).toBeGreaterThan(layout.nextWidth);
      expect(layout.currentWidth / width, `${size}: the current slide takes a good part of the window`).toBeGreaterThan(0.5);
      expect(layout.notesPx, `${size}: notes text`).toBeGreaterThanOrEqual(16);
    }

    // A-/A+ change the notes alone: the previews and the window's other text keep their size.
    const sizes = () =>
      presenter.evaluate(() => ({
        notes: parseFloat(getComputedStyle(document.querySelector('.presenter__note-text')!).fontSize),
        title: parseFloat(getComputedStyle(document.querySelector('.presenter__title')!).fontSize),
        preview: document.querySelector('.slide-preview > .slide-frame')!.getBoundingClientRect().width,
      }));
    const before = await sizes();
    await presenter.getByRole('button', { name: /^A\+/ }).click();
    await expect.poll(async () => (await sizes()).notes).toBeGreaterThan(before.notes);
    expect({ ...(await sizes()), notes: before.notes }).toEqual(before);
    const smaller = presenter.getByRole('button', { name: /^A-/ });
    while (!(await smaller.isDisabled())) await smaller.click();
    expect((await sizes()).notes, 'the smallest notes size').toBe(16);
    // The size is kept for the next presenter window.
    await presenter.reload();
    await expect.poll(async () => (await sizes()).notes).toBe(16);
    await admin.context().close();
  });

  it('counts the elapsed time, pauses, resets, and shows the clock', async () => {
    const admin = await signedInPage(browser, p, ADMIN.email, ADMIN.password, '/');
    // The presenter window runs on a clock the test moves: time passes when the test says, so "the
    // figure holds while paused" is checked over five seconds that surely passed, with no wait. The
    // clock runs by itself until the window has started (its app starts on a timer), then stops.
    const clock = admin.context().clock;
    await clock.install();
    const presenter = await openPresenter(admin);
    const elapsed = presenter.getByTestId('presenter-elapsed');
    await expect.poll(() => elapsed.textContent()).toMatch(/^\d+:\d{2}$/);
    await clock.pauseAt((await presenter.evaluate(() => Date.now())) + 1_000);
    const seconds = async () => {
      const [minutes, secs] = (await elapsed.textContent())!.split(':').map(Number);
      return minutes! * 60 + secs!;
    };
    const start = await seconds();
    await clock.runFor(2_000);
    await expect.poll(seconds).toBe(start + 2);
    await presenter.getByRole('button', { name: 'Pause' }).click();
    await presenter.getByRole('button', { name: 'Resume' }).waitFor();
    const held = await elapsed.textContent();
    await clock.runFor(5_000);
    expect(await elapsed.textContent()).toBe(held);
    await presenter.getByRole('button', { name: 'Resume' }).click();
    await clock.runFor(3_000);
    await expect.poll(() => elapsed.textContent(), { message: 'counts on from where it paused' }).not.toBe(held);
    await presenter.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => elapsed.textContent()).toBe('0:00');
    expect(await presenter.getByTestId('presenter-clock').textContent()).toMatch(/\d{1,2}:\d{2}/);
    await admin.context().close();
  });

  it('is not there for a viewer: no controls, P opens nothing, and the address shows the deck', async () => {
    await registeredUser(p, 'viewer-presenter@fund.example', 'viewer-password-12');
    const viewer = await signedInPage(browser, p, 'viewer-presenter@fund.example', 'viewer-password-12', '/market');
    expect(await viewer.getByRole('button', { name: 'Presenter view' }).count()).toBe(0);
    let opened = false;
    viewer.context().on('page', () => (opened = true));
    await viewer.locator('body').press('p');
    await viewer.goto(`${p.url}/?presenter=1`);
    await viewer.locator('#slide-title').waitFor();
    expect(await viewer.getByRole('heading', { name: 'Presenter view' }).count()).toBe(0);
    expect(opened).toBe(false);
    expect(pathOf(viewer)).toBe('/');
    await viewer.context().close();
  });

  it('is not there in the standalone build', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${inject('baseUrl')}/market`);
    await page.locator('#slide-title').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: /Presenter view|Start presenting/ }).count()).toBe(0);
    await page.context().close();
  });
});
