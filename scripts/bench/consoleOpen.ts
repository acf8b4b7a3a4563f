import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { signInContext } from './signedIn.ts';

/**
 * A fresh browser context signed in as the admin (session cookie and stored token, as after the
 * sign-in page) with `watcher` run from each page's first script: the console benches watch in the
 * page, cheaply each frame, since Playwright's own polling costs the busy page frames.
 */
export async function signedInWatching(browser: Browser, url: string, token: string, watcher: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, url, token);
  await context.addInitScript(watcher);
  return context;
}

/**
 * Opens the console at `section` (as its nav links to it) and waits up to 60 s for the watcher's
 * promise `window[watched]`; then reads the one request whose address ends in `call` (more than one
 * is an error: the console asks once), all times in ms since navigation.
 */
export async function openConsoleAt<T>(
  page: Page,
  url: string,
  open: { section: string; watched: string; call: string; what: string },
): Promise<{ shown: T; askedMs: number; inMs: number; bytes: number }> {
  await page.goto(`${url}${ADMIN_PATH}#${open.section}`, { waitUntil: 'commit' });
  const shown = (await page.evaluate(
    `Promise.race([window.${open.watched}, new Promise((_, reject) => setTimeout(() => reject(new Error(${JSON.stringify(`${open.what} did not show within 60 s`)})), 60000))])`,
  )) as T;
  const timing = await page.evaluate((call) => {
    const asked = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith(call)) as PerformanceResourceTiming[];
    if (asked.length !== 1) throw new Error(`expected one request for ${call}, saw ${asked.length}`);
    return { askedMs: asked[0]!.startTime, inMs: asked[0]!.responseEnd, bytes: asked[0]!.encodedBodySize };
  }, open.call);
  return { shown, ...timing };
}
