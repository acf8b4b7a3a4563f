import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firstIdle } from './firstIdle.ts';
import { testChromium } from './sharedChromium.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await testChromium();
});
afterAll(async () => {
  await browser.close();
});

/** What a visit requests, and the text of every script it loads. */
async function visit(path: string, act?: (page: import('playwright-core').Page, urls: string[]) => Promise<void>) {
  const page = await (await browser.newContext()).newPage();
  const urls: string[] = [];
  const scripts: Array<Promise<string>> = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.text().catch(() => ''));
  });
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await firstIdle(page);
  // What the act causes, it waits for itself (a page shown, the requests it expects): the checks then
  // read what was requested by that moment, with no fixed wait.
  await act?.(page, urls);
  const texts = await Promise.all(scripts);
  await page.context().close();
  return { urls, scripts: texts };
}

const requestsOf = async (path: string, act?: (page: import('playwright-core').Page, urls: string[]) => Promise<void>) => (await visit(path, act)).urls;

describe('standalone (no platform configured)', () => {
  it('makes no platform call and loads none of the client code, even while moving through the deck', async () => {
    const { urls, scripts } = await visit('/', async (page) => {
      await page.keyboard.press('ArrowRight');
      await page.waitForURL((url) => url.pathname !== '/');
      const second = new URL(page.url()).pathname;
      await page.keyboard.press('ArrowRight');
      await page.waitForURL((url) => url.pathname !== '/' && url.pathname !== second);
      // The third page shown: its body (and whatever the shell loads on a move) is in.
      await page.locator('#slide-title').filter({ hasText: /./ }).waitFor();
    });
    expect(urls.filter((url) => url.startsWith('/api') || url.startsWith('/ws-user-apps'))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(2);
    // Chunk names are the bundler's business; the client's code is recognised by what it says: the SDK's
    // service-role message, and socket.io-client's transport errors (the socket path alone is a shared
    // constant the shell also reads, schemas/platformWire.ts, so it proves nothing).
    const clientCode = scripts.filter((text) => text.includes('Service token is required to use asServiceRole') || text.includes('xhr poll error'));
    expect(clientCode).toEqual([]);
  });
});

describe('slide bodies', () => {
  it('load lazily: the first visit fetches its own body only; activity prefetches the previous and the next', async () => {
    const idle = await requestsOf('/problem');
    // The registry (settings, page names) is gated content too, so it comes from the content folder;
    // so does the deck-wide partner, which the standalone deck shows (it has its own chunk).
    expect(
      idle
        .filter((url) => url.startsWith('/assets/content/'))
        .map((url) => url.split('/').at(-1)!.split('-')[0])
        .sort(),
    ).toEqual(['Problem', 'partner', 'registry']);
    const bodyNames = (urls: string[]) =>
      urls.filter((url) => url.startsWith('/assets/content/')).map((url) => url.replace(/^\/assets\/content\/([A-Za-z_]+)-.*$/, '$1'));
    const urls = await requestsOf('/problem', async (page, seen) => {
      await page.mouse.move(200, 200);
      // The prefetch the activity starts: both neighbours requested (their requests go out together).
      await expect.poll(() => bodyNames(seen)).toEqual(expect.arrayContaining(['Market', 'ExecutiveSummary']));
    });
    const bodies = bodyNames(urls);
    expect(bodies).toEqual(expect.arrayContaining(['Problem', 'Market', 'ExecutiveSummary']));
    expect(bodies).not.toContain('Contact');
  });
});
