// @ts-check
// `npm run mutate`: mutation testing of the modules where a bug would hurt a user most.
// Not part of `npm test`. `npm run mutate -- --mutate schemas/formatUsd.ts` checks one module.

/** The critical modules, by what they guard. */
const CRITICAL = [
  // Path normalisation and the public-file list.
  'src/platform/http/deckFilePath.ts',
  'src/platform/http/publicDeckFiles.ts',
  // The access and rate table.
  'src/platform/records/entityAccess.ts',
  'src/platform/records/writeRates.ts',
  // Sign-in limits.
  'src/platform/identity/signInLimits.ts',
  'src/platform/identity/attemptLimiter.ts',
  'src/platform/identity/clientThrottle.ts',
  'src/platform/http/routes/signIn.ts',
  // Invitations.
  'src/platform/identity/invitations.ts',
  'src/platform/identity/inviteLinks.ts',
  // Revocation and the one admission.
  'src/platform/identity/admission.ts',
  'src/platform/live/socketStanding.ts',
  // Follow-me and speaker notes.
  'src/platform/live/follow.ts',
  'src/platform/http/routes/presenting.ts',
  'src/build/speakerNotes.ts',
  // The PDF stamp.
  'src/platform/files/pdfStamp.ts',
  // The content check and its cross-checks.
  'src/content/parseSlide.ts',
  'src/content/crossChecks.ts',
  'src/content/figureChecks.ts',
  // Money and figure formatting.
  'schemas/formatUsd.ts',
  'schemas/formatFigure.ts',
  // Engagement recording.
  'src/engagement/recorder.ts',
  'src/engagement/slideTimer.ts',
  'src/engagement/viewBatch.ts',
  'src/engagement/visit.ts',
  // Each partner's own PDF, and an admin's View as download.
  'src/platform/files/partnerPdf.ts',
  'src/platform/files/deckPdf.ts',
  // Deck versions: what changed, and what a returning viewer is told.
  'src/platform/records/deckVersions.ts',
  // The audit log: which writes it keeps, and its CSV.
  'src/platform/records/entityAudit.ts',
  'src/platform/records/auditLog.ts',
  // The console's days and times.
  'src/admin/timeText.ts',
  // A figure's entry in the ledger (as-of dates, ranges).
  'schemas/figure.ts',
  // The presenter window's moves.
  'src/presenting/presenterMoves.ts',
  // The limit of mail anyone can ask for.
  'src/platform/identity/mailRequests.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  mutate: CRITICAL,
  coverageAnalysis: 'perTest',
  // A static mutant (module-level code: a table, a regex constant) runs when a file is loaded, so no
  // per-test coverage can pick its tests: each would run every test here, about 3 minutes apiece, and
  // the run would take hours. They are reported as ignored; a config of your own that spreads this one
  // with `ignoreStatic: false` tests them too (the command line can only switch the option on).
  ignoreStatic: true,
  // A rerun tests only the mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['html', 'clear-text', 'progress', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Two cores, shared: two test processes.
  concurrency: 2,
  // A platform test starts a server and a database: give a slow mutant room before calling it a timeout.
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 80, break: null },
  // Only what the tests need in the sandbox (not dist/, .data/ or reports/).
  ignorePatterns: ['dist', 'dist-ssr', 'dist-server', '.data', 'reports', '.bench', '.screenshots', '.build', '.scratch', 'tmp'],
  // Stryker rewrites a tsconfig's `extends` and references in the sandbox through TypeScript's JS
  // API, which TypeScript 7 no longer has; ours has neither, so no file is named.
  tsconfigFile: '',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
