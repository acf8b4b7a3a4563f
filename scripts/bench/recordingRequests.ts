import type { Browser, Page } from 'playwright-core';
import { ENGAGEMENT_ENTITY, FLUSH_INTERVAL_MS } from '../../schemas/engagementPaths.ts';
import { RECORDING_NOTICE } from '../../src/engagement/RecordingNotice.tsx';
import { person, signedInBlankPage } from './followLatency.ts';
import { HttpClient } from './httpClient.ts';
import { startPlatformChild } from './loadRun.ts';

// What recording engagement costs the viewer's page (at most one request per 30 s of
// viewing): a signed-in viewer reads the deck on the local platform with recording on (its
// default), on chromium's page clock, so minutes of reading take seconds; every request to the
// SlideView entity is counted, while the tab is visible and when it is hidden.

/** Reading time simulated, and how often the viewer moves to the next slide meanwhile (a key press, so they stay active). */
const VIEWING_MS = 5 * 60_000;
const MOVE_EVERY_MS = 20_000;

export interface RecordingFigures {
  viewingMs: number;
  /** Requests to the SlideView entity while the tab was visible. */
  whileViewing: number;
  /** The allowance: one per FLUSH_INTERVAL_MS of viewing. */
  allowed: number;
  /** Requests when the tab was hidden (the rest of the time, sent at once). */
  onHiding: number;
  slidesRead: number;
}

/** Waits until `check` holds, polling every 20 ms, failing with `what` after `ms`. */
async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Hides the tab as switching to another would (headless chromium never hides a page itself). */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

export async function recordingRequests(browser: Browser, options: { staticDir: string }): Promise<RecordingFigures> {
  const platform = await startPlatformChild(options.staticDir);
  const client = new HttpClient(platform.url, 2, 30_000);
  try {
    const token = await person(client, platform, 'reader@bench.local', 'user', '127.0.0.9');
    const page = await signedInBlankPage(browser, platform, token);
    let sent = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.includes(`/entities/${ENGAGEMENT_ENTITY.view}`)) sent += 1;
    });
    await page.clock.install();
    await page.goto(`${platform.url}/`, { waitUntil: 'load' });
    // The notice comes with the recorder's chunk: once it shows, the recorder counts.
    await page.getByRole('status').filter({ hasText: RECORDING_NOTICE }).waitFor();
    const paths = new Set([new URL(page.url()).pathname]);
    for (let read = 0; read < VIEWING_MS; read += MOVE_EVERY_MS) {
      await page.clock.runFor(MOVE_EVERY_MS);
      const before = page.url();
      await page.keyboard.press('ArrowRight');
      await until(() => page.url() !== before, 'the next slide');
      paths.add(new URL(page.url()).pathname);
    }
    const whileViewing = sent;
    await hide(page);
    await until(() => sent > whileViewing, 'the request on hiding the tab');
    const figures = {
      viewingMs: VIEWING_MS,
      whileViewing,
      allowed: Math.ceil(VIEWING_MS / FLUSH_INTERVAL_MS),
      onHiding: sent - whileViewing,
      slidesRead: paths.size,
    };
    await page.context().close();
    return figures;
  } finally {
    await platform.stop();
  }
}

export function recordingLines(figures: RecordingFigures): string[] {
  const ok = figures.whileViewing <= figures.allowed && figures.whileViewing > 0;
  return [
    `recording: ${figures.whileViewing} requests over ${figures.viewingMs / 1000} s of viewing ${figures.slidesRead} slides (page clock), target ≤ ${figures.allowed} (one per ${FLUSH_INTERVAL_MS / 1000} s)  ${ok ? 'ok' : 'MISS'}`,
    `  then ${figures.onHiding} on hiding the tab (the rest of the time, sent at once)`,
  ];
}
