import type { Page, Request } from 'playwright-core';
import { SOCKET_PATH } from '../../schemas/platformWire.ts';

// A screen is pictured once nothing more is on its way: no request in flight (a lazy chunk such as
// the watermark's, the options or the changes it waits for) and no change to the page for a moment.
// On a busy machine a chunk can arrive after fonts, images and animations are done; a picture taken
// then differs from the baseline by the part that came late.

/** How long the page must be quiet, with nothing in flight, before it counts as still. */
const QUIET_MS = 150;

const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts `page`'s requests from now on; call it before the page's first navigation. */
export function trackRequests(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  // The live socket's long poll stays open by design: it is the page listening, not loading.
  page.on('request', (request) => {
    if (!request.url().includes(SOCKET_PATH)) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  // A request the next navigation cancels ends as failed.
  page.on('requestfailed', (request) => open.delete(request));
}

/** Resolves once `page` has had nothing in flight and no change to its document for QUIET_MS, or throws at `timeoutMs`. */
export async function waitForStillness(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __lastChange?: number; __changeWatch?: MutationObserver };
    w.__lastChange = performance.now();
    if (w.__changeWatch) return;
    w.__changeWatch = new MutationObserver(() => {
      w.__lastChange = performance.now();
    });
    w.__changeWatch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const open = inFlight.get(page);
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    const busy = (open?.size ?? 0) > 0;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) {
      const sinceChange = await page.evaluate(() => performance.now() - ((window as unknown as { __lastChange: number }).__lastChange ?? 0));
      if (sinceChange >= QUIET_MS && (open?.size ?? 0) === 0) return;
      quietSince = Date.now() - Math.min(sinceChange, QUIET_MS);
    }
    if (Date.now() > deadline) {
      const pending = [...(open ?? [])].map((request) => request.url()).join(', ');
      throw new Error(`the screen never became still in ${timeoutMs} ms${pending ? `; still loading: ${pending}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
