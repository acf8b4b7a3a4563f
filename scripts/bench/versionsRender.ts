import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VERSIONS_CALL } from '../../schemas/versionEntity.ts';
import { openConsoleAt, signedInWatching } from './consoleOpen.ts';
import { startSeededChild } from './seededChild.ts';
import { median } from './stats.ts';
import { VISIBLE_IN_PAGE } from './visibleInPage.ts';

/** The console's Versions section, as its nav links to it. */
const VERSIONS_SECTION = 'admin-versions';

/** Figures of the versions run (times in ms). */
export interface VersionsRenderFigures {
  versions: number;
  viewers: number;
  records: number;
  /** Seeding and restarting the platform (not part of the figure). */
  seedMs: number;
  /** Each cold open at #admin-versions: navigation start → every version's card laid out and the newest seen. */
  runs: number[];
  medianMs: number;
  /** Per run, navigation start → the request for the versions (the console's route asks beside the console's code). */
  askedMs: number[];
  /** Per run, navigation start → the versions received. */
  inMs: number[];
  /** The versions answer's size on the wire (bytes, compressed as sent). */
  answerBytes: number;
}

interface Seeded {
  url: string;
  token: string;
  versions: number;
  viewers: number;
  records: number;
  seedMs: number;
}

/**
 * In-page watcher (a string, so no bundler helpers leak into it), from the page's first script:
 * `window.__versionsShown` resolves to ms since navigation when the Versions list holds all `count`
 * cards, each laid out (a box of its own), and the newest one is seen (its box in the viewport and
 * opacity above 0.01: the bench's "visible"); a list of 50 is taller than any screen, so the others
 * are below it, drawn. Checked once a frame, cheaply until the list has every card.
 */
function watchVersions(count: number): string {
  return `window.__versionsShown = new Promise((resolve) => {
    const visible = ${VISIBLE_IN_PAGE};
    const frame = () => {
      const list = document.querySelector('ol[aria-label="Versions, newest first"]');
      const cards = list ? list.children : [];
      if (cards.length === ${count} && Array.prototype.every.call(cards, (card) => { const box = card.getBoundingClientRect(); return box.width > 0 && box.height > 0; })
        && visible(cards[0])) resolve(performance.now());
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });`;
}

function signedInContext(browser: Browser, platform: Seeded): Promise<BrowserContext> {
  return signedInWatching(browser, platform.url, platform.token, watchVersions(platform.versions));
}

/** One open of the console at its Versions section, timed in the page (ms since navigation). */
async function openVersions(page: Page, platform: Seeded): Promise<{ shownMs: number; askedMs: number; inMs: number; bytes: number }> {
  const { shown, ...timing } = await openConsoleAt<number>(page, platform.url, {
    section: VERSIONS_SECTION,
    watched: '__versionsShown',
    call: VERSIONS_CALL,
    what: 'the versions list',
  });
  return { shownMs: shown, ...timing };
}

/**
 * The console's Versions section with `versions` versions and `viewers` viewers (under 1 s):
 * a local platform (its own process, scripts/bench/versionsChild.ts) holding the versions, with figure
 * and page changes and notes, and the viewers' view records across them; then one warm-up and `runs`
 * cold opens of /admin#admin-versions as the admin in chromium (a fresh context each, signed in),
 * each timed in the page until every card is laid out and the newest is seen.
 */
export async function versionsRender(
  browser: Browser,
  options: { staticDir: string; versions?: number; viewers?: number; runs?: number; log?: (line: string) => void },
): Promise<VersionsRenderFigures> {
  const platform = await startSeededChild<Seeded>(
    'scripts/bench/versionsChild.ts',
    { BENCH_STATIC_DIR: options.staticDir, VERSIONS_COUNT: String(options.versions ?? 50), VERSIONS_VIEWERS: String(options.viewers ?? 200) },
    240_000,
  );
  try {
    options.log?.(
      `  versions: ${platform.versions} versions, ${platform.viewers} viewers, ${platform.records} view records seeded (and a restart) in ${(platform.seedMs / 1000).toFixed(1)} s`,
    );
    const runs: number[] = [];
    const askedMs: number[] = [];
    const inMs: number[] = [];
    let answerBytes = 0;
    // The first open also has the server compress each built file once (cached after): not counted.
    for (let run = 0; run <= (options.runs ?? 5); run++) {
      const context = await signedInContext(browser, platform);
      try {
        const open = await openVersions(await context.newPage(), platform);
        if (run === 0) {
          options.log?.(`  versions: warm-up ${Math.round(open.shownMs)} ms`);
          continue;
        }
        runs.push(open.shownMs);
        askedMs.push(open.askedMs);
        inMs.push(open.inMs);
        answerBytes = open.bytes;
        options.log?.(
          `  versions: run ${run}: all ${platform.versions} cards at ${Math.round(open.shownMs)} ms (list asked for at ${Math.round(open.askedMs)} ms, in at ${Math.round(open.inMs)} ms, ${open.bytes} bytes)`,
        );
      } finally {
        await context.close();
      }
    }
    return {
      versions: platform.versions,
      viewers: platform.viewers,
      records: platform.records,
      seedMs: platform.seedMs,
      runs,
      medianMs: median(runs),
      askedMs,
      inMs,
      answerBytes,
    };
  } finally {
    await platform.stop();
  }
}

/** The versions figure as lines of the bench's summary, next to its target. */
export function versionsRenderLines(figures: VersionsRenderFigures): string[] {
  const status = figures.medianMs < 1000 ? 'ok' : 'MISS';
  const round = (values: number[]) => values.map((ms) => Math.round(ms)).join(', ');
  const loading = figures.runs.map((_, i) => figures.inMs[i]! - figures.askedMs[i]!);
  const drawing = figures.runs.map((_, i) => figures.runs[i]! - figures.inMs[i]!);
  return [
    `console's versions list with ${figures.versions} versions and ${figures.viewers} viewers (${figures.records.toLocaleString('en')} view records), navigation → all ${figures.versions} cards shown: ${Math.round(figures.medianMs)} ms median (runs ${round(figures.runs)}), target < 1000 ms  ${status}`,
    `  deck start-up until the console's route asks for the versions: ${Math.round(median(figures.askedMs))} ms median (runs ${round(figures.askedMs)})`,
    `  the versions with their differences, until they are in: ${Math.round(median(loading))} ms median (runs ${round(loading)}; ${(figures.answerBytes / 1024).toFixed(1)} KB on the wire)`,
    `  then the console's code (often still on its way) and drawing every card: ${Math.round(median(drawing))} ms median (runs ${round(drawing)})`,
  ];
}
