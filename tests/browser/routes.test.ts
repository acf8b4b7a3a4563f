import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadContent } from '../../src/content/loadContent.ts';
import { launchChromium } from '../../src/build/chromium.ts';
import { ZOOM } from '../../src/deck/zoom.ts';

const baseUrl = inject('baseUrl');
const slides = loadContent(process.cwd()).content!.slides;
const routes = slides.map((slide) => slide.path);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** A page that records console errors (hydration mismatches among them) and page errors. */
async function openPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems };
}

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);
/** Waits two frames, so layout that script changes after a resize (media queries read by components) has run. */
const twoFrames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

describe('every route of the production build', () => {
  it.each(routes)('%s loads directly, hydrates without warnings and shows its heading', async (route) => {
    const { page, problems } = await openPage();
    const response = await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    const slide = slides.find((entry) => entry.path === route)!;
    expect(await page.textContent('h1')).toBe(slide.title);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('an unknown path gets the 404 screen with status 404', async () => {
    const { page } = await openPage();
    const response = await page.goto(`${baseUrl}/no-such-page`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Page Not Found');
    expect(await page.textContent('main')).toContain('The page "/no-such-page" could not be found in this application.');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  });

  it('other spellings and a trailing slash redirect to the canonical route', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/executive-summary/`, { waitUntil: 'networkidle' });
    expect(page.url()).toBe(`${baseUrl}/executivesummary`);
    await page.goto(`${baseUrl}/cover`, { waitUntil: 'networkidle' });
    expect(page.url()).toBe(`${baseUrl}/`);
    await page.context().close();
  });
});

describe('first paint before JavaScript', () => {
  it('the static HTML of each route already holds its heading and figures', async () => {
    const ecosystem = await (await fetch(`${baseUrl}/ecosystem`)).text();
    expect(ecosystem).toContain('$7.1M-$9.4M');
    expect(ecosystem).toContain('Live &amp; Operational');
    const tpo = await (await fetch(`${baseUrl}/reversetpo`)).text();
    expect(tpo).toContain('$1,209,750');
  });

  it('with JavaScript off every page shows and Previous/Next work', async () => {
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl}/`);
    expect(await page.textContent('.bottom-bar__counter > [aria-hidden]')).toBe('1 / 17');
    for (const slide of slides.filter((entry) => entry.order !== null).slice(1)) {
      await page.getByRole('link', { name: /^Next/ }).click();
      await page.waitForURL(baseUrl + slide.path);
      expect(await page.textContent('h1')).toBe(slide.title);
      expect(await page.textContent('.bottom-bar__counter > [aria-hidden]')).toBe(`${slide.order} / 17`);
    }
    await page.getByRole('link', { name: /^Previous/ }).click();
    await page.waitForURL(baseUrl + slides.find((entry) => entry.order === 16)!.path);
    await page.context().close();
  });
});

describe('accessibility', () => {
  // Issue 9, finding 10: zero violations of any impact, on a desktop and on a phone.
  it.each([...routes, '/no-such-page'])('%s has no axe violations of any impact at 1280 and 390 px', async (route) => {
    const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
    const found: string[] = [];
    await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await twoFrames(page);
      await settled(page);
      const results = await new AxeBuilder({ page }).analyze();
      found.push(...results.violations.map((v) => `${width}px ${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('runs axe-core 4.14 or later, which knows WCAG 2.5.3 label-in-name', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.testEngine.version).toMatch(/^4\.(1[4-9]|[2-9]\d)\./);
    expect([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((rule) => rule.id)).toContain(
      'label-content-name-mismatch',
    );
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
        return { name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '', outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' };
      });
      expect(focused.outline).toBe(true);
      reached.push(focused.name);
    }
    expect(reached).toEqual(expect.arrayContaining(['Skip to content', 'A- Decrease text size', 'A+ Increase text size', expect.stringMatching(/^← Previous/), expect.stringMatching(/^Next/)]));
    await page.context().close();
  });
});

/** Every text size the zoom controls offer, in percent. */
const ZOOM_STEPS = Array.from({ length: (ZOOM.max - ZOOM.min) / ZOOM.step + 1 }, (_, i) => ZOOM.min + i * ZOOM.step);

describe('layout', () => {
  // One load per route, every width and zoom step on it: the widths need no reload, and 76 loads
  // cost a minute of CI time that 19 do not.
  it('no horizontal scrolling at 360, 390, 1280 and 2560 px wide, at any zoom step', async () => {
    const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
    const overflowing: string[] = [];
    for (const route of [...routes, '/no-such-page']) {
      await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
      for (const width of [360, 390, 1280, 2560]) {
        await page.setViewportSize({ width, height: 800 });
        await twoFrames(page);
        // Every zoom step in one round trip. A zoom step is CSS alone on deck pages (no script lays
        // them out by size), and reading scrollWidth lays the page out again at once; a width change
        // is different: components read media queries after it, hence the two frames above.
        const wideAt = await page.evaluate((zooms) => {
          const root = document.documentElement;
          return zooms.filter((zoom) => {
            root.style.fontSize = `${zoom}%`;
            return root.scrollWidth > root.clientWidth;
          });
        }, ZOOM_STEPS);
        overflowing.push(...wideAt.map((zoom) => `${route} at ${width}px and ${zoom}%`));
      }
    }
    expect(overflowing).toEqual([]);
    await page.context().close();
    // 22 loads and 88 layouts: half a minute alone, twice that beside other browser files.
  }, 180_000);
});
