import { ZOOM } from '../../src/deck/zoom.ts';
import { describe, expect, it } from 'vitest';
import { baseUrl, routes, openPage, withChromium } from './routePages.ts';
import { twoFrames } from './twoFrames.ts';

withChromium();

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
