import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../src/build/chromium.ts';

// Browser files run one after another in each vitest worker, which keeps this module loaded between
// them (isolate: false). A chromium launched and closed per file cost about 1.6 CPU-s each on this
// 2-core machine, beside its GPU and utility processes starting again; one per worker is enough,
// since each file still gets contexts of its own (cookies, storage and pages are per context).
let shared: Promise<Browser> | undefined;

/**
 * The time zone of every page the browser tests open, unless a test names another: far from the
 * Node process's UTC (UTC+14), so a day or a time the page writes in the wrong zone (the admin's
 * where the UTC day was meant, or the reverse) differs from the one the test expects.
 */
export const BROWSER_TIME_ZONE = 'Pacific/Kiritimati';

/**
 * Chromium keeps a spare renderer started ahead of the next page; the tests open a context at a time
 * and close it, so the spare was started and thrown away again and again. Measured on a page of its
 * own in a new context: 0.71-0.81 CPU-s with it, 0.55-0.62 without (the page’s own renderer starts on demand).
 */
const NO_SPARE_RENDERER = '--disable-features=SpareRendererForSitePerProcess';

function worker(): Promise<Browser> {
  shared ??= launchChromium([NO_SPARE_RENDERER]).then((browser) => {
    // A chromium that died (a crash, a killed process) is launched again for the next file.
    browser.on('disconnected', () => {
      shared = undefined;
    });
    return browser;
  });
  return shared;
}

/**
 * This worker's chromium, seen as one file's own: `close()` closes the contexts the file opened
 * (their pages with them) and leaves chromium running for the next file; `contexts()` lists only
 * the file's. Files that need chromium's flags changed launch their own (`launchChromium`).
 */
export async function testChromium(): Promise<Browser> {
  const browser = await worker();
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  const own: Partial<Browser> = {
    newContext: async (options) => track(await browser.newContext({ timezoneId: BROWSER_TIME_ZONE, ...options })),
    newPage: async (options): Promise<Page> => {
      const page = await browser.newPage({ timezoneId: BROWSER_TIME_ZONE, ...options });
      track(page.context());
      return page;
    },
    contexts: () => [...opened],
    close: async () => {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get: (target, key) => {
      if (key in own) return own[key as keyof Browser];
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
