import type { Page } from 'playwright-core';

/** Waits two frames, so layout that script changes after a resize (media queries read by components, present mode's fit) has run. */
export const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
