import type { Page } from 'playwright-core';

/**
 * Waits for the page's main thread to be first idle. A deck page is prerendered, so its heading shows
 * before hydration, and network quiet is not the deck listening for keys either: on a starved
 * renderer hydration (and the effect that adds the key listener) can still be running, and a key
 * pressed then goes nowhere. The first idle moment after the page's scripts have loaded comes after both.
 */
export const firstIdle = (page: Page): Promise<void> => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
