import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../src/build/chromium.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { eventually } from '../support/waitFor.ts';

const baseUrl = inject('baseUrl');
const deck = loadContent(process.cwd()).content!.slides.filter((slide) => slide.order !== null);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

async function newPage(width: number, height: number): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height } })).newPage();
}

/** Opens `path` in present mode and waits for its lazily loaded layout. */
async function present(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}?mode=present`, { waitUntil: 'networkidle' });
  await eventually(() => page.evaluate(() => document.documentElement.classList.contains('present-mode') && getComputedStyle(document.querySelector('.deck-header')!).position === 'fixed'), {
    what: `present mode's layout on ${path}`,
  });
}

/** The page's height in screens, and whether anything spills sideways. */
const measure = (page: Page) =>
  page.evaluate(() => ({
    screens: document.documentElement.scrollHeight / window.innerHeight,
    sideways: document.documentElement.scrollWidth > window.innerWidth,
  }));

/** The font size of every element holding text in the slide, in document order. */
const fontSizes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== ''))
      .map((element) => parseFloat(getComputedStyle(element).fontSize)),
  );

describe('present mode at 1920×1080', () => {
  it('fits every deck page on one screen, nothing sideways, no text smaller than the reading view at 1280', async () => {
    const page = await newPage(1920, 1080);
    const reading = await newPage(1280, 800);
    const heights: Record<string, number> = {};
    const smaller: string[] = [];
    for (const slide of deck) {
      await present(page, slide.path);
      const { screens, sideways } = await measure(page);
      heights[slide.path] = Math.round(screens * 100) / 100;
      expect(sideways, `${slide.path} spills sideways`).toBe(false);
      await reading.goto(baseUrl + slide.path, { waitUntil: 'networkidle' });
      const [big, small] = [await fontSizes(page), await fontSizes(reading)];
      expect(big.length).toBe(small.length);
      big.forEach((size, index) => size < small[index]! && smaller.push(`${slide.path} #${index}: ${size} < ${small[index]}`));
    }
    console.log('present-mode heights at 1920×1080 (screens):', JSON.stringify(heights));
    expect(Object.entries(heights).filter(([, screens]) => screens > 1)).toEqual([]);
    expect(smaller).toEqual([]);
    await page.context().close();
    await reading.context().close();
  });
});

describe('present mode at 1440×900', () => {
  it('needs at most 1.3 screens on any deck page', async () => {
    const page = await newPage(1440, 900);
    const heights: Record<string, number> = {};
    for (const slide of deck) {
      await present(page, slide.path);
      const { screens, sideways } = await measure(page);
      heights[slide.path] = Math.round(screens * 100) / 100;
      expect(sideways, `${slide.path} spills sideways`).toBe(false);
    }
    console.log('present-mode heights at 1440×900 (screens):', JSON.stringify(heights));
    expect(Object.entries(heights).filter(([, screens]) => screens > 1.3)).toEqual([]);
    await page.context().close();
  });
});

describe('present mode in use', () => {
  const chromeHidden = (page: Page) =>
    page.evaluate(() => ['.deck-header', '.bottom-bar'].map((selector) => getComputedStyle(document.querySelector(selector)!).opacity === '0'));

  it('hides the header and the bar until the pointer moves, and again once it rests', async () => {
    const page = await newPage(1920, 1080);
    await present(page, '/market');
    await eventually(async () => (await chromeHidden(page)).every(Boolean), { what: 'header and bar hidden' });
    await page.mouse.move(400, 300);
    await page.mouse.move(420, 320);
    await eventually(async () => (await chromeHidden(page)).every((hidden) => !hidden), { what: 'header and bar shown' });
    await eventually(async () => (await chromeHidden(page)).every(Boolean), { timeoutMs: 5000, what: 'hidden again after the pointer rests' });
    // A key press that takes focus into the header shows it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await eventually(async () => (await chromeHidden(page))[0] === false, { what: 'the header shown while it has focus' });
    await page.context().close();
  });

  it('Esc leaves it (the address loses ?mode=present); F and the header button enter it', async () => {
    const page = await newPage(1920, 1080);
    await present(page, '/market');
    await page.keyboard.press('Escape');
    await eventually(() => page.evaluate(() => !document.documentElement.classList.contains('present-mode')), { what: 'present mode left' });
    expect(page.url()).toBe(`${baseUrl}/market`);
    await page.keyboard.press('f');
    await eventually(() => page.evaluate(() => document.documentElement.classList.contains('present-mode')), { what: 'F enters present mode' });
    expect(await page.getByRole('button', { name: 'Present' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}${deck[4]!.path}`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('present-mode'))).toBe(true);
    await page.keyboard.press('Escape');
    await eventually(() => page.evaluate(() => !document.documentElement.classList.contains('present-mode')), { what: 'Esc leaves' });
    await page.mouse.move(10, 10);
    await page.getByRole('button', { name: 'Present' }).click();
    await eventually(() => page.evaluate(() => document.documentElement.classList.contains('present-mode')), { what: 'the button enters present mode' });
    await page.context().close();
  });

  it('leaves the reading view as it is: same page height before and after, and phones always read', async () => {
    const page = await newPage(1280, 800);
    await page.goto(`${baseUrl}/ecosystem`, { waitUntil: 'networkidle' });
    const before = await measure(page);
    await page.keyboard.press('f');
    await eventually(() => page.evaluate(() => getComputedStyle(document.querySelector('.deck-header')!).position === 'fixed'), { what: 'present layout' });
    expect((await measure(page)).screens).toBeLessThan(before.screens);
    await page.keyboard.press('Escape');
    await eventually(async () => (await measure(page)).screens === before.screens, { what: 'the reading view back as it was' });

    const phone = await newPage(390, 844);
    await phone.goto(`${baseUrl}/ecosystem`, { waitUntil: 'networkidle' });
    const reading = await measure(phone);
    expect(await phone.getByRole('button', { name: 'Present' }).isVisible()).toBe(false);
    await phone.goto(`${baseUrl}/ecosystem?mode=present`, { waitUntil: 'networkidle' });
    await eventually(() => phone.evaluate(() => document.documentElement.classList.contains('present-mode')), { what: 'present mode asked for' });
    expect((await measure(phone)).screens).toBe(reading.screens);
    await page.context().close();
    await phone.context().close();
  });
});
