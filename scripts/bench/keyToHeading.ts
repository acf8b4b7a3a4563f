import type { Browser } from 'playwright-core';
import { VISIBLE_IN_PAGE } from './visibleInPage.ts';

/** One key press: where it went and how long until the new page's h1 was there, then visible. */
export interface KeyMove {
  from: string;
  to: string;
  /** keydown (capture listener's performance.now()) → h1 with text in the DOM (MutationObserver). */
  domMs: number;
  /**
   * keydown → h1 visible: its box in the viewport and the product of its and its ancestors'
   * computed opacity above VISIBLE_OPACITY (checked on every mutation and every animation frame).
   */
  visibleMs: number;
  /** keydown → the next animation frame after it was visible (roughly when it is painted). */
  frameMs: number;
}

// Runs in the page (a string, so no bundler or transpiler helpers leak into it).
const ARM = `(() => new Promise((resolve, reject) => {
  const from = location.pathname;
  let t0 = null;
  let domMs = null;
  let done = false;
  const visible = ${VISIBLE_IN_PAGE};
  const onKey = (event) => { if (t0 === null && event.key === 'ArrowRight') t0 = performance.now(); };
  window.addEventListener('keydown', onKey, { capture: true });
  const finish = () => {
    done = true;
    const visibleMs = performance.now() - t0;
    observer.disconnect();
    window.removeEventListener('keydown', onKey, { capture: true });
    const to = location.pathname;
    requestAnimationFrame(() => resolve({ from, to, domMs, visibleMs, frameMs: performance.now() - t0 }));
  };
  const check = () => {
    if (done || t0 === null || location.pathname === from) return;
    const h1 = document.querySelector('[data-route="' + CSS.escape(location.pathname) + '"] h1');
    if (!h1 || !h1.textContent || h1.textContent.trim() === '') return;
    if (domMs === null) domMs = performance.now() - t0;
    if (visible(h1)) finish();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
  const poll = () => { if (done) return; check(); if (!done) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
  setTimeout(() => { if (!done) { observer.disconnect(); reject(new Error('no new heading within 5 s of ' + from)); } }, 5000);
  window.__benchKeyArmed = true;
}))()`;

/** Waits until the page has no running animations and the network had time to prefetch neighbours. */
async function settle(page: import('playwright-core').Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0, undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // DeckKeys prefetches the neighbours 200 ms after a page settles.
  await page.waitForTimeout(400);
}

/** Opens `start`, presses ArrowRight `moves` times, and times each move in the page. */
export async function keyToHeading(browser: Browser, baseUrl: string, start: string, moves: number): Promise<KeyMove[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(baseUrl + start, { waitUntil: 'load' });
    await page.locator('h1').first().waitFor();
    const results: KeyMove[] = [];
    for (let i = 0; i < moves; i++) {
      await settle(page);
      const measured = page.evaluate(ARM) as Promise<KeyMove>;
      await page.waitForFunction(() => (window as unknown as { __benchKeyArmed?: boolean }).__benchKeyArmed === true);
      await page.evaluate(() => delete (window as unknown as { __benchKeyArmed?: boolean }).__benchKeyArmed);
      await page.keyboard.press('ArrowRight');
      results.push(await measured);
    }
    return results;
  } finally {
    await context.close();
  }
}
