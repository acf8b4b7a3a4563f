import { axeScan } from './axeViolations.ts';
import { describe, expect, it } from 'vitest';
import { baseUrl, routes, openPage, reusedPage, settled, withChromium } from './routePages.ts';
import { twoFrames } from './twoFrames.ts';

withChromium();

describe('accessibility', () => {
  // Zero violations of any impact, on a desktop and on a phone.
  it.each([...routes, '/no-such-page'])('%s has no axe violations of any impact at 1280 and 390 px', async (route) => {
    const { page } = await reusedPage();
    const found: string[] = [];
    await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await twoFrames(page);
      await settled(page);
      const results = await axeScan(page);
      found.push(...results.violations.map((v) => `${width}px ${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`));
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(found).toEqual([]);
  });

  it('runs axe-core 4.14 or later, which knows WCAG 2.5.3 label-in-name', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const results = await axeScan(page);
    expect(results.testEngine.version).toMatch(/^4\.(1[4-9]|[2-9]\d)\./);
    expect([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((rule) => rule.id)).toContain(
      'label-content-name-mismatch',
    );
    await page.context().close();
  });

  it('finds what it should: planted violations on a deck page are reported, then gone once removed', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/problem`, { waitUntil: 'networkidle' });
    await settled(page);
    // The scanner runs once before the plant, so the second scan reuses axe already in the document.
    expect((await axeScan(page)).violations).toEqual([]);
    await page.evaluate(() => {
      const planted = document.createElement('div');
      planted.id = 'planted';
      planted.innerHTML = '<img src="/favicon.svg"><button></button><p style="color:#ccc;background:#fff">faint text</p>';
      document.querySelector('main')!.append(planted);
    });
    const ids = (await axeScan(page)).violations.map((violation) => violation.id);
    expect(ids).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'color-contrast']));
    await page.evaluate(() => document.getElementById('planted')!.remove());
    expect((await axeScan(page)).violations).toEqual([]);
    await page.context().close();
  });

  it('every control is reachable by keyboard, with a visible focus ring', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/problem`, { waitUntil: 'networkidle' });
    const reached: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        // Past the last control focus leaves the page for the browser's own UI, then comes back.
        if (element === document.body) return { name: '', outline: true };
        const style = getComputedStyle(element);
        return {
          name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
          outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
        };
      });
      expect(focused.outline).toBe(true);
      reached.push(focused.name);
    }
    expect(reached).toEqual(
      expect.arrayContaining([
        'Skip to content',
        'A- Decrease text size',
        'A+ Increase text size',
        expect.stringMatching(/^← Previous/),
        expect.stringMatching(/^Next/),
      ]),
    );
    await page.context().close();
  });
});

/** Every text size the zoom controls offer, in percent. */
