// `npm run bench`: builds, serves dist/ on loopback and measures first-visit transfer, Lighthouse
// (mobile), key press → next heading and (when the local platform exists) a load run, also on a
// Postgres server in one and two processes. Prints figures next to their targets and writes the raw results to .bench/results.json.
// A benchmark, not a test: it exits 0 whatever the figures, 1 only when a part crashed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { parseArgs } from './bench/args.ts';
import { consoleRender, type ConsoleRenderFigures } from './bench/consoleRender.ts';
import { firstVisit } from './bench/firstVisit.ts';
import { versionsRender, type VersionsRenderFigures } from './bench/versionsRender.ts';
import { followLatency, type FollowLatencyFigures } from './bench/followLatency.ts';
import { recordingRequests, type RecordingFigures } from './bench/recordingRequests.ts';
import { visitToConsole, type VisitToConsoleFigures } from './bench/visitToConsole.ts';
import { admittedViewer } from './bench/platformVisit.ts';
import { keyToHeading } from './bench/keyToHeading.ts';
import { lighthouseRun } from './bench/lighthouseRun.ts';
import { loadRun, platformPresent, startPlatformChild } from './bench/loadRun.ts';
import { loginFlood } from './bench/loginFlood.ts';
import { deckPagesIn, previewOf, snapshotDist } from './bench/distSnapshot.ts';
import { exportRun, type ExportFigures } from './bench/exportRun.ts';
import { partnerPdfRun, type PartnerPdfFigures } from './bench/partnerPdfRun.ts';
import { PAGES } from './bench/report.ts';
import { BENCHMARKS_DOC, withRunFigures } from './bench/benchmarksDoc.ts';
import { summaryBlocks, type RunResults } from './bench/summary.ts';
import { runBuild } from './bench/runBuild.ts';
import { scaleRun, type ScaleFigures } from './bench/scaleRun.ts';
import { stallRun } from './bench/stallRun.ts';
import { launchChromium } from '../src/build/chromium.ts';

const FIRST_VISIT_RUNS = 3;
const LIGHTHOUSE_RUNS = 3;
const KEY_START = '/problem';
const KEY_MOVES = 10;
const FLOOD_ROUNDS = 5;
const FLOOD_SIZE = 100;
const SCALE_FOLLOWERS = 200;
const SCALE_MOVES = 16;

const log = (line: string) => console.log(line);
const load = () => loadavg().map((v) => Number(v.toFixed(2)));

async function part<T>(results: RunResults, name: string, work: () => Promise<T>): Promise<T | undefined> {
  const started = Date.now();
  log(`▸ ${name}`);
  try {
    const value = await work();
    log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return value;
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    results.errors.push({ part: name, message });
    console.error(`  ${name} failed: ${message}`);
    return undefined;
  }
}

/** Runs `work` in a chromium of its own, closed after (a part's pages never share a browser with another part's). */
async function inOwnChromium<T>(work: (chromium: Browser) => Promise<T>): Promise<T> {
  const chromium = await launchChromium();
  try {
    return await work(chromium);
  } finally {
    await chromium.close();
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const results: RunResults = {
    startedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, loadavgStart: load() },
    errors: [],
  };
  log(`bench: ${cpus().length} CPUs, load average ${results.machine.loadavgStart.join(' ')} (1/5/15 min)`);

  if (args.build) {
    log('▸ npm run build');
    await runBuild();
  }

  const dist = snapshotDist();
  const preview = await previewOf(dist);
  log(`serving a copy of dist/ (.bench/dist) at ${preview.url} (vite preview)`);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const b = browser;
    if (!args.skip.has('first-visit')) {
      const pages = deckPagesIn(dist);
      results.firstVisit = await part(results, `first visit, ${FIRST_VISIT_RUNS} cold runs on each of ${pages.length} deck pages`, async () => {
        const byPage: NonNullable<RunResults['firstVisit']> = {};
        for (const page of pages) {
          byPage[page] = [];
          for (let i = 0; i < FIRST_VISIT_RUNS; i++) byPage[page].push(await firstVisit(b, preview.url + page));
        }
        return byPage;
      });
    }
    if (!args.skip.has('platform-visit') && platformPresent()) {
      const pages = deckPagesIn(dist);
      results.platformVisit = await part(
        results,
        `first visit as a signed-in viewer behind the local platform, each of ${pages.length} deck pages`,
        async () => {
          const platform = await startPlatformChild(dist);
          try {
            const signedIn = await admittedViewer(platform);
            const byPage: NonNullable<RunResults['platformVisit']> = {};
            const gzipOnly: NonNullable<RunResults['platformVisitGzip']> = {};
            for (const page of pages) {
              byPage[page] = [await firstVisit(b, platform.url + page, signedIn)];
              gzipOnly[page] = [await firstVisit(b, platform.url + page, signedIn, ['gzip', 'deflate'])];
            }
            results.platformVisitGzip = gzipOnly;
            return byPage;
          } finally {
            await platform.stop();
          }
        },
      );
    }
    if (!args.skip.has('keys')) {
      results.keyToHeading = await part(results, `ArrowRight → next heading, ${KEY_MOVES} moves from ${KEY_START}`, () =>
        keyToHeading(b, preview.url, KEY_START, KEY_MOVES),
      );
    }
    await browser.close();
    browser = undefined;
    if (!args.skip.has('lighthouse')) {
      results.lighthouse = await part(results, `Lighthouse (mobile, simulated throttling), ${LIGHTHOUSE_RUNS} runs per page`, async () => {
        const byPage: NonNullable<RunResults['lighthouse']> = {};
        for (const page of PAGES) {
          byPage[page] = [];
          for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
            const run = await lighthouseRun(preview.url + page);
            for (const warning of run.warnings) log(`  ${page}: ${warning}`);
            byPage[page].push(run);
          }
        }
        return byPage;
      });
    }
  } finally {
    await browser?.close();
    preview.stop();
  }

  // `npm run export --no-build` on the dist/ built above (its own chromium; the one above is closed).
  let exportFigures: ExportFigures | undefined;
  if (!args.skip.has('export')) {
    exportFigures = await part(results, 'npm run export --no-build: time, size and pages of dist/deck.pdf', () => exportRun());
    Object.assign(results, { exportPdf: exportFigures });
  }

  // A partner's own PDF, printed on its first download, then kept and stamped (its own chromium).
  let partnerPdfFigures: PartnerPdfFigures | undefined;
  if (!args.skip.has('partner-pdf') && platformPresent()) {
    partnerPdfFigures = await part(results, "partner PDF: a partner's own PDF printed on the first download, then kept and stamped", () =>
      partnerPdfRun({ staticDir: dist }),
    );
    Object.assign(results, { partnerPdf: partnerPdfFigures });
  }

  // /healthz idle, during a PDF flood and during backups, in one platform process (after the export above).
  if (!args.skip.has('stall') && platformPresent()) {
    const stall = await part(results, '/healthz idle, during a 4-lane PDF download flood, and during backups (PGlite in a folder)', () =>
      stallRun({ staticDir: dist }),
    );
    Object.assign(results, { stall });
  }

  if (!args.skip.has('load')) {
    if (!platformPresent()) {
      log('load run: skipped (src/platform not present)');
      results.load = { skipped: 'src/platform not present' };
    } else {
      results.load = await part(results, `load run: ${args.viewers} viewers for ${args.loadSeconds} s against the local platform`, () =>
        loadRun({ viewers: args.viewers, seconds: args.loadSeconds, staticDir: dist, log }),
      );
    }
  }

  if (!args.skip.has('login-flood') && platformPresent()) {
    results.loginFlood = await part(
      results,
      `login flood: a genuine sign-in alone and during ${FLOOD_SIZE} parallel wrong ones from one client, ${FLOOD_ROUNDS} rounds`,
      () => loginFlood({ staticDir: dist, rounds: FLOOD_ROUNDS, floodSize: FLOOD_SIZE }),
    );
  }

  // The admin console with 34,000 view records, in its own chromium (the one above is closed).
  let consoleFigures: ConsoleRenderFigures | undefined;
  if (!args.skip.has('console') && platformPresent()) {
    consoleFigures = await part(results, 'console: /admin as the admin with 200 viewers × 17 slides × 10 visits of views', () =>
      inOwnChromium((chromium) => consoleRender(chromium, { staticDir: dist, log })),
    );
    Object.assign(results, { consoleRender: consoleFigures });
  }

  // The console's Versions section with 50 versions and 200 viewers' views across them (its own chromium).
  let versionsFigures: VersionsRenderFigures | undefined;
  if (!args.skip.has('versions') && platformPresent()) {
    versionsFigures = await part(results, "versions: /admin#admin-versions as the admin with 50 versions and 200 viewers' views across them", () =>
      inOwnChromium((chromium) => versionsRender(chromium, { staticDir: dist, log })),
    );
    Object.assign(results, { versionsRender: versionsFigures });
  }

  // What recording engagement sends from a viewer's page (its own chromium).
  let recordingFigures: RecordingFigures | undefined;
  if (!args.skip.has('recording') && platformPresent()) {
    recordingFigures = await part(results, 'recording: a viewer reads 5 minutes (page clock) with engagement recording on', () =>
      inOwnChromium((chromium) => recordingRequests(chromium, { staticDir: dist })),
    );
    Object.assign(results, { recording: recordingFigures });
  }

  // A visit's end → its times shown at the admin's console (its own chromium).
  let visitConsoleFigures: VisitToConsoleFigures | undefined;
  if (!args.skip.has('visit-console') && platformPresent()) {
    visitConsoleFigures = await part(results, "visit end → console: a viewer's page closed → its times per slide shown at the admin's console", () =>
      inOwnChromium((chromium) => visitToConsole(chromium, { staticDir: dist })),
    );
    Object.assign(results, { visitToConsole: visitConsoleFigures });
  }

  // Presenter key press → heading visible on followers, 50 followers on loopback (its own chromium).
  // One follower is a real page: on a 2-core machine each further page shares the CPU with the
  // presenter's page and the others (3 pages: median ~210 ms against ~90 ms for 1), which no follower
  // on their own device does; the other 49 are socket clients in this process.
  let followFigures: FollowLatencyFigures | undefined;
  if (!args.skip.has('follow') && platformPresent()) {
    followFigures = await part(results, 'follow-me: presenter ArrowRight → heading visible on followers (50: 1 chromium page + 49 socket clients)', () =>
      inOwnChromium((chromium) => followLatency(chromium, { staticDir: dist, followers: 50, pageFollowers: 1, moves: 16, log })),
    );
    Object.assign(results, { followLatency: followFigures });
  }

  // The load run on PGlite, on a Postgres server, on two processes of that server, and
  // follow-me with its followers over both processes (a throwaway durable server of its own).
  let scaleFigures: ScaleFigures | undefined;
  if (!args.skip.has('scale') && platformPresent()) {
    scaleFigures = await part(
      results,
      `scale: load run (${args.viewers} viewers, ${args.loadSeconds} s) on PGlite, on Postgres, on 2 processes of Postgres; follow-me with ${SCALE_FOLLOWERS} followers over 2 processes`,
      () =>
        scaleRun({
          viewers: args.viewers,
          seconds: args.loadSeconds,
          followers: SCALE_FOLLOWERS,
          moves: SCALE_MOVES,
          staticDir: dist,
          log,
          // The load part above is the PGlite variant: its figures are reused rather than measured twice.
          ...(results.load && !('skipped' in results.load) && { pglite: results.load }),
        }),
    );
    Object.assign(results, { scale: scaleFigures });
  }

  results.machine.loadavgEnd = load();
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/results.json', `${JSON.stringify(results, null, 2)}\n`);

  log('');
  for (const block of summaryBlocks(results)) log(`${block}\n`);
  const loaded = Math.max(...results.machine.loadavgStart, ...results.machine.loadavgEnd) > cpus().length * 0.7;
  log(
    `\nmachine: ${cpus().length} CPUs, load average ${results.machine.loadavgStart.join(' ')} at start, ${results.machine.loadavgEnd.join(' ')} at end` +
      (loaded ? ' — the machine is busy with other work; timings are noisy' : ''),
  );
  log(`medians of each figure taken separately; raw runs in .bench/results.json; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
  for (const error of results.errors) log(`FAILED: ${error.part}: ${error.message.split('\n')[0]}`);
  if (args.writeDocs) {
    writeFileSync(BENCHMARKS_DOC, withRunFigures(readFileSync(BENCHMARKS_DOC, 'utf8'), results, [...args.skip]));
    log(`wrote this run's figures into ${BENCHMARKS_DOC}`);
  }
  return results.errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
