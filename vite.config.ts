import { defineConfig } from 'vitest/config';
import { chunkFileNames } from './src/content/contentChunks.ts';
import { deckRoutesPlugin } from './src/build/deckRoutes.ts';
import { loadContent } from './src/content/loadContent.ts';
import { slideRegistryPlugin } from './src/content/slideRegistryPlugin.ts';
import react from '@vitejs/plugin-react';
import mdx from '@mdx-js/rollup';
import remarkFrontmatter from 'remark-frontmatter';

// Which project runs a test file follows from its name: `*.test.tsx` and `*.dom.test.ts` read the
// document (project `dom`), other `*.test.ts` run in Node (`unit`); under tests/platform/ every file
// runs on PGlite (`node`), and a `*.pg.test.ts` again on a real Postgres server (`node-postgres`).
const DOM_TESTS = 'tests/**/*.dom.test.ts';
const POSTGRES_TESTS = 'tests/platform/**/*.pg.test.ts';

/** Password hashes at scrypt cost 2^10 in tests (src/platform/identity/passwords.ts): the suite makes hundreds of
 * accounts. Each hash records its cost; the tests that measure the real one pass it explicitly. */
const TEST_ENV = { DECK_PASSWORD_COST: '10' };

/**
 * A project's deadlines as set for a quiet machine: each test file grows them for a busy one as it
 * starts (tests/support/scaledDeadlines.ts, slowness.ts), so no test fails for a slow machine alone.
 */
function deadlines(testMs: number, hookMs: number, pollMs = 1000) {
  return {
    testTimeout: testMs,
    hookTimeout: hookMs,
    expect: { poll: { timeout: pollMs } },
    provide: { quietDeadlines: { testMs, hookMs, pollMs } },
  };
}

/** UTC+14, as far east of UTC as any place: from 10:00 UTC on, its day is already the next one. */
const FAR_ZONE = 'Pacific/Kiritimati';
const FAR_ZONE_NAME = 'kiritimati';

/**
 * Unit files left out of the far zone's run: each starts a child process or dev servers for seconds of
 * CPU, and handles no dates of its own.
 */
const ZONE_FREE_TESTS = ['tests/sdk/publicApi.test.ts', 'tests/content/printOnce.test.ts'];

/** Pure code in Node: no DOM to set up and no registry to load, so a file of 0.1 s of tests takes about that (happy-dom and the registry cost ~2 s a file). */
const UNIT = {
  name: 'unit',
  environment: 'node',
  // Pure tests share each worker's loaded modules instead of loading them again per file:
  // measured 169 → 120 CPU-seconds for the project, all 482 tests passing. Every test here
  // that stubs a global or the clock restores it in the same test.
  isolate: false,
  include: ['tests/**/*.test.ts'],
  // tests/container: real containers for minutes, run on their own (vitest.container.config.ts).
  exclude: ['tests/browser/**', 'tests/screens/**', 'tests/platform/**', 'tests/commands/**', 'tests/container/**', DOM_TESTS],
  // A few start a local server or socket.
  ...deadlines(15_000, 60_000),
  setupFiles: ['tests/support/scaledDeadlines.ts'],
};

/** Components, and the few modules that read the document, in happy-dom with the deck's registry. */
const DOM = {
  name: 'dom',
  environment: 'happy-dom',
  // Each file in a fresh page environment, but the loaded modules and the registry are shared
  // by the files of a worker: measured 64 → 28 CPU-seconds for the project, all 178 tests passing
  // (three runs in a row; a component test that stubs a global restores it in the same test).
  isolate: false,
  include: ['tests/**/*.test.tsx', DOM_TESTS],
  exclude: ['tests/browser/**', 'tests/screens/**', 'tests/platform/**'],
  setupFiles: ['tests/support/scaledDeadlines.ts', 'tests/setup.ts'],
  ...deadlines(15_000, 60_000),
};

export default defineConfig({
  // Every route is its own prerendered page; unknown paths get the 404 page, not the index (no SPA fallback).
  appType: 'mpa',
  // `PORT=8080 npm run dev` serves there (and fails rather than wander off if it is taken); else Vite's 5173.
  server: {
    ...(process.env.PORT ? { port: Number(process.env.PORT), strictPort: true } : {}),
    // An editor that saves in place empties the file, then writes it. The watcher (chokidar) reported
    // the empty file and dropped a second change within 50 ms, so the page showed "must start with a
    // --- frontmatter block" for a whole file until the next save. It now reports a file once its
    // size has held for 50 ms (tests/browser/hotReload.test.ts, "a save written in two steps").
    watch: { awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 } },
  },
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: new URL('./src/app/syncExternalStoreShim.ts', import.meta.url).pathname }],
  },
  build: {
    // Every browser the deck supports preloads modules natively; the polyfill would be one more request.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The sign-in page is a second page of the same build, served at /login by the local platform.
      input: { main: 'index.html', login: 'login.html' },
      // Slide content gets its own folder, which the local platform serves to admitted viewers only.
      output: {
        chunkFileNames,
        // One chunk every deck page needs, apart from the app's shell: React, the router, what every
        // slide's components read (the registry, the content helpers, the slide and viewer contexts)
        // and the components slide bodies use. A slide chunk then never imports the main chunk, whose
        // stylesheet (already inline in every page) the lazy loader would otherwise fetch again with
        // it; and a page makes one request for all of it, where each separate chunk cost response
        // headers and compression overhead in the first visit's budget.
        codeSplitting: {
          groups: [
            {
              name: 'deck-core',
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|mitt)[\\/]/.test(id) ||
                /\/src\/(registry\/|content\/|components\/(SlideContext|SlidePage|ViewerContext)\.tsx)/.test(id) ||
                // Shared by the first chunk and the lazy engagement, presenting and dialog chunks: kept
                // out of the main chunk, since a lazy chunk importing it would fetch the main chunk's
                // stylesheet (already inline in the page) a second time; and out of the platform-viewer
                // chunk, which the bundler otherwise gives a module the shell shares with engagement (the
                // page slots' ids: the shell lays the slots out, the recording notice fills one), so that
                // every page, standalone too, would load the platform client to read two ids.
                /\/schemas\/(platformWire|accessPaths|auditPaths|engagementPaths|presentingPaths|pageSlots)\.ts$/.test(id) ||
                // onActivityOrIdle: the shell's and the platform viewer's (a group takes its modules'
                // imports with it, and the main chunk would then import the platform-viewer chunk).
                /\/src\/auth\/(accessSocketUsers|onActivityOrIdle)\.ts$/.test(id) ||
                // The components slide bodies use, a few KB together. Forms and dialogs (components/forms/)
                // stay apart (they load when someone opens one); Ecosystem, BrandCard and ConsultationButton
                // serve one page each and stay with it; the source notes come with a slide that has a
                // sourced figure.
                /\/src\/components\/(?!.*(Ecosystem|BrandCard|ConsultationButton|SourceNote|sourceNoteBook))[^/]+\.tsx?$/.test(id),
            },
            {
              // What a signed-in viewer's page loads once the platform admits them, in one request: the
              // platform client, the access checks and engagement recording (two chunks cost a second
              // set of response headers and compression overhead in the first visit's budget). The
              // standalone build never loads it; the watermark comes only when the owners turn it on.
              name: 'platform-viewer',
              test: (id: string) =>
                // (The access calls stay apart: they load on first use, src/sdk/client.ts lazyAccess.)
                /\/src\/sdk\/(?!access\.ts)[^/]+\.ts$/.test(id) ||
                /\/src\/app\/platformViewer\.ts$/.test(id) ||
                /\/src\/auth\/(accessEndedMark|accessSocket|checkAccess|onPageError|accessGuard|appStart|startApp|platformSession)\.ts$/.test(id) ||
                /\/src\/engagement\/(?!Watermark|stampSlides)[^/]+\.tsx?$/.test(id),
            },
          ],
        },
      },
      // schemas/ only defines values (zod schemas, constants): a page that uses a constant of a file
      // does not get the file's zod schemas, and with them zod itself, in its bundle.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/schemas/') },
    },
  },
  plugins: [
    slideRegistryPlugin(),
    deckRoutesPlugin(() => loadContent(process.cwd()).content?.slides ?? []),
    // MDX first so React's plugin sees the compiled JSX of slide bodies (fast refresh for editors).
    { enforce: 'pre', ...mdx({ remarkPlugins: [remarkFrontmatter] }) },
    react({ include: /\.(mdx|tsx|ts)$/ }),
  ],
  test: {
    env: TEST_ENV,
    // Three files at a time, browser files included: most of a platform or browser test is waiting
    // (sockets, timers, a page loading), so on two cores three workers keep both busy. Measured here on
    // the whole suite: 1,008 s, where one browser file at a time after the rest took about 1,250 s in CI.
    maxWorkers: 3,
    // Vitest's own report, then the ten slowest files (tests/support/slowestFiles.ts).
    reporters: ['default', './tests/support/slowestFiles.ts'],
    projects: [
      { extends: true, test: UNIT },
      { extends: true, test: DOM },
      // Both again in a zone far from UTC, where most days differ from UTC's: a day or time written in
      // UTC where the reader's own was meant, or the reverse, fails there although it passes in UTC.
      {
        extends: true,
        test: {
          ...UNIT,
          name: `unit-${FAR_ZONE_NAME}`,
          exclude: [...UNIT.exclude, ...ZONE_FREE_TESTS],
          env: { ...TEST_ENV, TZ: FAR_ZONE },
        },
      },
      { extends: true, test: { ...DOM, name: `dom-${FAR_ZONE_NAME}`, env: { ...TEST_ENV, TZ: FAR_ZONE } } },
      {
        extends: true,
        test: {
          // The repository's commands end to end: npm run check and build as processes, a real build.
          // Kept out of the quick tier (unit, dom): what they print is tested in memory there.
          name: 'commands',
          environment: 'node',
          include: ['tests/commands/**/*.test.ts'],
          setupFiles: ['tests/support/scaledDeadlines.ts'],
          ...deadlines(120_000, 60_000),
        },
      },
      {
        extends: true,
        test: {
          // The local platform is Node-only; its tests talk to it over real HTTP on loopback.
          name: 'node',
          environment: 'node',
          // A platform file loads the whole platform (Hono, PGlite, socket.io, pdf-lib): its workers keep
          // those modules between files. Each file still starts its own platform and database, so no
          // state is shared but module-level caches keyed by path. Measured: 512 -> 355 CPU-seconds and
          // 340 -> 182 s for the project, 392 tests passing, twice (the Postgres run: 76 -> 57 CPU-s).
          isolate: false,
          include: ['tests/platform/**/*.test.ts'],
          setupFiles: ['tests/support/scaledDeadlines.ts'],
          // A file's set-up opens a database (PGlite: seconds of CPU).
          ...deadlines(30_000, 60_000),
        },
      },
      {
        extends: true,
        test: {
          // The files whose behaviour lives in SQL (queries, locks, limits, migrations, triggers) or
          // spans processes, again on a real Postgres server (Debian's postgresql, started by the
          // setup). The rest of the platform meets the database only through those.
          name: 'node-postgres',
          environment: 'node',
          // As the PGlite run's.
          isolate: false,
          include: [POSTGRES_TESTS],
          globalSetup: ['tests/platform/postgresSetup.ts'],
          setupFiles: ['tests/support/scaledDeadlines.ts'],
          ...deadlines(30_000, 60_000),
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          // Each file still starts its own platform and opens its own browser contexts; its worker keeps
          // playwright-core, axe, the platform's modules and one chromium (sharedChromium.ts) between files.
          isolate: false,
          include: ['tests/browser/**/*.test.ts', 'tests/screens/**/*.test.ts'],
          globalSetup: ['tests/browser/globalSetup.ts'],
          // A browser test runs 3-4 times slower in the whole suite than alone (two cores, three workers,
          // chromium beside them): the longest took 57 s of 60 in a green run, and one over 60 failed CI.
          setupFiles: ['tests/support/scaledDeadlines.ts'],
          // A poll waits on a page that is loading, signing in or fetching: vitest's default deadline
          // (1 s) is shorter than one app start on a busy two-core machine.
          ...deadlines(120_000, 180_000, 10_000),
        },
      },
    ],
  },
});
