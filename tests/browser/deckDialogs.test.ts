import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ZOOM_STORAGE_KEY } from '../../schemas/presentingPaths.ts';
import { testChromium } from './sharedChromium.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { keyHelpRows } from '../../src/deck/keyHelp.ts';
import { eventually } from '../support/waitFor.ts';
import { axeViolations } from './axeViolations.ts';

const baseUrl = inject('baseUrl');
const deck = loadContent(process.cwd()).content!.slides.filter((slide) => slide.order !== null);
let browser: Browser;

beforeAll(async () => {
  browser = await testChromium();
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })).newPage();
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  return page;
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? null,
      text: element?.textContent?.trim() ?? null,
      inDialog: element?.closest('dialog[open]') !== null,
      outline: element ? getComputedStyle(element).outlineStyle : null,
    };
  });

/** Opens a dialog by its key, checks focus went inside it, and returns its accessible name. */
async function openDialog(page: Page, key: string): Promise<string> {
  await page.keyboard.press(key);
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor();
  await eventually(async () => (await focused(page)).inDialog, { what: `focus inside the dialog ${key} opened` });
  return (await dialog.getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent())) ?? '';
}

describe('the overview (O)', () => {
  it('lists every deck page with number, label and title; arrows and Enter go to one; focus returns on Escape', async () => {
    const page = await open('/problem');
    await page.locator('#slide-title').focus();
    expect(await openDialog(page, 'o')).toBe('All pages');
    const items = await page.locator('dialog[open] .overview__page').allTextContents();
    expect(items).toEqual(deck.map((slide, index) => `${index + 1}${slide.label}${slide.title}`));
    expect((await focused(page)).text).toBe(`3${deck[2]!.label}${deck[2]!.title}`);
    // Tab stays inside the modal dialog, however far it goes.
    for (let i = 0; i < deck.length + 2; i++) await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl}/problem`);
    expect(await focused(page)).toMatchObject({ tag: 'H1', text: deck[2]!.title });

    await openDialog(page, 'o');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).text).toBe(`5${deck[4]!.label}${deck[4]!.title}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}${deck[4]!.path}`);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await eventually(async () => (await focused(page)).text === deck[4]!.title, { what: 'focus on the new heading' });
    await page.context().close();
  });
});

describe('go-to (G)', () => {
  it('goes to a page by number or by label with Enter; no match stays put and says so', async () => {
    const page = await open('/');
    expect(await openDialog(page, 'g')).toBe('Go to page');
    expect((await focused(page)).tag).toBe('INPUT');
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}${deck[11]!.path}`);

    await openDialog(page, 'g');
    await page.keyboard.type('zzzz');
    await page.keyboard.press('Enter');
    expect(await page.locator('#goto-status').textContent()).toBe('No page matches');
    expect(page.url()).toBe(`${baseUrl}${deck[11]!.path}`);
    await page.locator('#goto-query').fill(deck[3]!.label.toLowerCase());
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}${deck[3]!.path}`);
    await page.context().close();
  });
});

describe('key help (?)', () => {
  it('is the keymap table, and typing in a field opens nothing', async () => {
    const page = await open('/market');
    expect(await openDialog(page, 'Shift+?')).toBe('Keyboard shortcuts');
    const rows = await page
      .locator('dialog[open] .key-help tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual(keyHelpRows().map(([keys, description]) => [keys.join(' / '), description]));
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });

    await openDialog(page, 'g');
    // Inside go-to's field, O, ? and Space are text.
    await page.keyboard.type('o? ');
    expect(await page.locator('#goto-query').inputValue()).toBe('o? ');
    expect(await page.locator('dialog[open]').count()).toBe(1);
    await page.context().close();
  });
});

describe('each dialog and axe', () => {
  it('has zero violations with the overview, go-to and key help open, at 1280 and 390', async () => {
    const page = await open('/ecosystem');
    const found: string[] = [];
    for (const key of ['o', 'g', 'Shift+?']) {
      const name = await openDialog(page, key);
      found.push(...(await axeViolations(page, name)));
      await page.keyboard.press('Escape');
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});

/** The window's scroll position once a smooth scroll has come to rest (the same over two frames). */
const settledScroll = (page: Page): Promise<number> =>
  eventually<number | false>(
    () =>
      page.evaluate(
        () =>
          new Promise<number | false>((resolve) => {
            const first = window.scrollY;
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === first ? first : false)));
          }),
      ),
    { what: 'the scroll at rest' },
  ) as Promise<number>;

describe('Space', () => {
  it('scrolls a long page, then at its end moves to the next; Shift+Space at the top goes back', async () => {
    const page = await open('/ecosystem', { viewport: { width: 1280, height: 700 } });
    await page.locator('#slide-title').focus();
    await page.keyboard.press('Space');
    await eventually(() => page.evaluate(() => window.scrollY > 200), { what: 'a scroll down' });
    expect(page.url()).toBe(`${baseUrl}/ecosystem`);
    for (let i = 0; i < 20 && page.url() === `${baseUrl}/ecosystem`; i++) {
      const before = await settledScroll(page);
      await page.keyboard.press('Space');
      // Each press either scrolls further or (at the end) turns the page.
      await eventually(async () => page.url() !== `${baseUrl}/ecosystem` || (await page.evaluate(() => window.scrollY)) > before, { what: 'Space moved' });
    }
    await page.waitForURL(`${baseUrl}${deck[6]!.path}`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press('Shift+Space');
    await page.waitForURL(`${baseUrl}/ecosystem`);
    await page.context().close();
  });
});

describe('focus after a key move', () => {
  it('goes to the new heading without a ring; Tab still draws rings', async () => {
    const page = await open('/problem');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}/market`);
    await eventually(async () => (await focused(page)).text === deck[3]!.title, { what: 'focus on the heading' });
    expect((await focused(page)).outline).toBe('none');
    await page.keyboard.press('Tab');
    const next = await focused(page);
    expect(next.tag).not.toBe('H1');
    expect(next.outline).toBe('solid');
    await page.context().close();
  });
});

describe('zoom', () => {
  it('is kept after a reload', async () => {
    const page = await open('/market');
    await page.getByRole('button', { name: /^A\+/ }).click();
    await page.getByRole('button', { name: /^A\+/ }).click();
    await eventually(() => page.evaluate(() => document.documentElement.style.fontSize === '120%'), { what: 'zoom at 120%' });
    expect(await page.evaluate((key) => localStorage.getItem(key), ZOOM_STORAGE_KEY)).toBe('120');
    await page.reload({ waitUntil: 'networkidle' });
    await eventually(() => page.evaluate(() => document.documentElement.style.fontSize === '120%'), { what: 'zoom at 120% after the reload' });
    expect(await page.getByRole('button', { name: /text size: reset/ }).textContent()).toBe('120%');
    await page.context().close();
  });
});
