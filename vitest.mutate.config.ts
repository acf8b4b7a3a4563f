import type { UserConfig } from 'vite';
import base from './vite.config.ts';
import { keptThreadsPlugin } from './tests/support/keptThreadPool.ts';

// The tests `npm run mutate` (stryker.config.mjs) runs against each mutant of the critical modules:
// the unit and platform tests that reach them, never the browser project, and none that spawn a
// build or another process (a mutant is switched on inside the test's own process, so a child
// process would run the code unmutated, only slower). Per-test coverage then picks, for each mutant,
// the tests among these that reach it.
// Pure tests run in node: a page environment and the deck's registry (tests/setup.ts) would cost
// every mutant's run a second or more of setup for nothing.
const pureTests = [
  'tests/content/formatUsd.test.ts',
  'tests/content/formatFigure.test.ts',
  'tests/content/figureLiterals.test.ts',
  'tests/content/parseSlide.test.ts',
  'tests/content/bodyChecks.test.ts',
  'tests/content/crossChecks.test.ts',
  'tests/content/figureChecks.test.ts',
  'tests/presenting/notesField.test.ts',
  'tests/build/speakerNotes.test.ts',
  'tests/presenting/followDrive.test.ts',
  'tests/platform/entityRules.test.ts',
  'tests/content/figureSchema.test.ts',
  'tests/admin/timeText.test.ts',
  'tests/presenting/presenterMoves.test.ts',
  'tests/platform/versionChanges.test.ts',
];
// Tests of code that runs in a page: the recorder listens on window and document.
const pageTests = [
  'tests/content/settingNames.test.tsx',
  'tests/engagement/recorder.dom.test.ts',
  'tests/engagement/slideTimer.test.ts',
  'tests/engagement/viewBatch.test.ts',
  'tests/engagement/visit.test.ts',
];
const platformTests = [
  'tests/platform/deckFilePath.test.ts',
  'tests/platform/attackPaths.test.ts',
  'tests/platform/staticDeck.test.ts',
  'tests/platform/attackAccess.test.ts',
  'tests/platform/entities.pg.test.ts',
  'tests/platform/attackSignIn.pg.test.ts',
  'tests/platform/security.test.ts',
  'tests/platform/changePassword.test.ts',
  'tests/platform/accessInvitations.test.ts',
  'tests/platform/accessRevocation.pg.test.ts',
  'tests/platform/accessDomains.test.ts',
  'tests/platform/socketRules.test.ts',
  'tests/platform/attackSockets.test.ts',
  'tests/platform/standingSweep.test.ts',
  'tests/platform/presenting.test.ts',
  'tests/platform/deckPdf.test.ts',
  'tests/platform/pdfStamp.test.ts',
  // Doors the files above do not open: public settings with a dead token, the service role's
  // routes, the socket's events, a partner's stamped PDF, the engagement records' rules.
  'tests/platform/auth.test.ts',
  'tests/platform/httpSurface.test.ts',
  'tests/platform/sdkClient.test.ts',
  'tests/platform/realtime.test.ts',
  'tests/platform/partnerNames.test.ts',
  'tests/platform/engagementAccess.test.ts',
  'tests/platform/accessRequests.test.ts',
  'tests/platform/endedReasons.test.ts',
  'tests/platform/attackInput.pg.test.ts',
  // What each door writes to the audit log (sign-in, sign-out, invitations, presenting, downloads).
  'tests/platform/auditLog.pg.test.ts',
  // Each partner's own PDF and View as downloads; deck versions; the limit of asked-for mail.
  'tests/platform/partnerPdf.test.ts',
  'tests/platform/deckVersions.pg.test.ts',
  'tests/platform/mailRequests.test.ts',
  // Questions: what the log keeps of asking, answering and deleting one.
  'tests/platform/questions.test.ts',
  // The audit log's records straight in a database: each entity's entries, reads, who and where, the CSV.
  'tests/platform/auditRecords.pg.test.ts',
  // Deck versions straight in a database: the content hash, version ids, the list's reads, a returning viewer's news.
  'tests/platform/versionRecords.pg.test.ts',
];
// On a real Postgres server (postgresSetup.ts): PGlite runs every transaction alone, so only there do
// parallel calls show a limiter's lock missing (writeRates.test.ts's parallel writes and refunds).
const postgresTests = ['tests/platform/writeRates.pg.test.ts'];

const config: UserConfig = {
  ...base,
  test: {
    ...base.test,
    // A file whose set-up a mutant breaks fails its tests (tests/support/failedSetupFails.ts).
    reporters: ['default', './tests/support/failedSetupFails.ts'],
    projects: [
      // The pure test files share their worker's loaded modules, within a run as the unit project's do and
      // from one run to the next (tests/support/keptThreadPool.ts): a mutant is switched on at run time
      // (static mutants are ignored), so the files need no fresh copy of the code they test.
      // One worker, so each run hands all its files to the thread in one task (Stryker's own
      // `maxWorkers: 1` reaches the root config, not this project's).
      // `MUTATE_THREADS=fresh` gives each run a new thread, to check that results agree.
      {
        extends: true,
        test: { name: 'mutate-pure', environment: 'node', include: pureTests, isolate: false, maxWorkers: 1 },
        plugins: process.env.MUTATE_THREADS === 'fresh' ? [] : [keptThreadsPlugin()],
      },
      { extends: true, test: { name: 'mutate-page', environment: 'happy-dom', include: pageTests, setupFiles: ['tests/setup.ts'] } },
      { extends: true, test: { name: 'mutate-platform', environment: 'node', include: platformTests, testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        extends: true,
        test: {
          name: 'mutate-postgres',
          environment: 'node',
          include: postgresTests,
          globalSetup: ['tests/platform/postgresSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
};
export default config;
