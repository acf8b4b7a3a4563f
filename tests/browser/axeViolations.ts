import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core over the page, every rule, run in the page as axe-core documents (`axe.run`).
 * Its source goes in once per document. Only violations carry every node: the other result kinds keep
 * their rule ids and one node each, which nothing here reads. Measured on a deck page here: 0.5 CPU-s
 * a scan against 1.25 through @axe-core/playwright, which read every result kind's nodes back. Our
 * pages have no frames of their own, so a scan of the document sees everything.
 */
export async function axeScan(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(() => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'] }));
}

/**
 * Every axe violation, of any impact, at each width (1280 and 390 px unless told), each named with
 * the state it was found in. A scan waits for the page's fades to end (a half-faded text reads as low contrast); an endless
 * animation (the Loading spinner) is let be. A page that has just mounted has no animation yet for a
 * frame (framer-motion starts its fade on the next one, from opacity 0.2), so the scan also waits for
 * every slide frame to be fully opaque: a CI run caught a followed page mid-fade without it. The
 * viewport is 1280×800 again afterwards.
 */
export async function axeViolations(page: Page, state = 'page', widths: readonly number[] = [1280, 390]): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForFunction(
      () =>
        document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity) &&
        [...document.querySelectorAll('.slide-frame')].every((frame) => getComputedStyle(frame).opacity === '1'),
    );
    const results = await axeScan(page);
    found.push(...results.violations.map((v) => `${state} at ${width}px: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}
