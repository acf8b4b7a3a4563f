import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe over the page and its frames. Legacy mode runs axe where the page is: the default opens a blank
 * page (a renderer of its own) in the context to merge each frame's results, about 1 s and a process
 * start per scan on this machine. Our pages have no frames of their own, so nothing is lost.
 */
export const axeScan = (page: Page): Promise<AxeResults> => new AxeBuilder({ page }).setLegacyMode(true).analyze();

/**
 * Every axe violation, of any impact, at each width (1280 and 390 px unless told), each named with
 * the state it was found in. A scan waits for the page's fades to end (toolchain.md); an endless
 * animation (the Loading spinner) is let be. The viewport is 1280×800 again afterwards.
 */
export async function axeViolations(page: Page, state = 'page', widths: readonly number[] = [1280, 390]): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity));
    const results = await axeScan(page);
    found.push(...results.violations.map((v) => `${state} at ${width}px: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}
