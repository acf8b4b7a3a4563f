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
    reused = undefined;
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

let reused: Promise<{ page: Page; problems: string[] }> | undefined;

/**
 * One page for a file's per-route tests, its problems emptied for each: a route loaded in a new
 * context cost 1.38 CPU-s here, one loaded in the same page 0.58 (the context's renderer, cache and
 * compiled code start again). Each route is still a full load of its own address.
 */
export async function reusedPage(): Promise<{ page: Page; problems: string[] }> {
  reused ??= openPage({ viewport: { width: 1280, height: 800 } });
  const opened = await reused;
  opened.problems.length = 0;
  return opened;
}

export const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);
