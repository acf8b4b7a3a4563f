import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { testChromium } from './sharedChromium.ts';
import { loadContent } from '../../src/content/loadContent.ts';

// What the three files about every route of the production build share (routes, routesAccessibility,
// routesLayout): split so that vitest runs them beside each other.

export const baseUrl = inject('baseUrl');
export const slides = loadContent(process.cwd()).content!.slides;
export const routes = slides.map((slide) => slide.path);

let browser: Browser;

/** Gives this file its view of the worker's chromium before its tests, and closes the file's contexts after. */
export function withChromium(): void {
  beforeAll(async () => {
    browser = await testChromium();
  });
  afterAll(async () => {
    await browser.close();
  });
}

/** A page that records console errors (hydration mismatches among them) and page errors. */
export async function openPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems };
}

export const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);
