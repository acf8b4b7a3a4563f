import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './chromium.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

async function requestsOf(path: string, act?: (page: import('playwright-core').Page) => Promise<void>) {
  const page = await (await browser.newContext()).newPage();
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await act?.(page);
  await page.waitForTimeout(600);
  await page.context().close();
  return urls;
}

describe('standalone (no platform configured)', () => {
  it('makes no platform call and loads none of the client code, even while moving through the deck', async () => {
    const urls = await requestsOf('/', async (page) => {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
    });
    expect(urls.filter((url) => url.startsWith('/api') || url.startsWith('/ws-user-apps'))).toEqual([]);
    expect(urls.filter((url) => /\/assets\/(sdk|platformSession|socket|index-.*io)/.test(url))).toEqual([]);
  });
});

describe('slide bodies', () => {
  it('load lazily: the first visit fetches its own body only; activity prefetches the previous and the next', async () => {
    const idle = await requestsOf('/problem');
    expect(idle.filter((url) => url.startsWith('/assets/content/')).map((url) => url.split('/').at(-1)!.split('-')[0])).toEqual(['Problem']);
    const urls = await requestsOf('/problem', (page) => page.mouse.move(200, 200));
    const bodies = urls.filter((url) => url.startsWith('/assets/content/')).map((url) => url.replace(/^\/assets\/content\/([A-Za-z_]+)-.*$/, '$1'));
    expect(bodies).toEqual(expect.arrayContaining(['Problem', 'Market', 'ExecutiveSummary']));
    expect(bodies).not.toContain('Contact');
  });
});
