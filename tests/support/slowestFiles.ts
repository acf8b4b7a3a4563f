import type { Reporter, TestModule } from 'vitest/node';

/** How many files the closing list names. */
const SHOWN = 10;

/**
 * Names the ten slowest test files after a run (project, file, seconds), so whoever makes the suite
 * slower sees it in the log they already read. Added after vitest's own reporter.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules
      .map((module) => ({ project: module.project.name, file: module.relativeModuleId, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (timed.length === 0) return;
    const lines = timed.map(({ project, file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${project.padEnd(14)}${file}`);
    process.stdout.write(`\nThe ${timed.length} slowest test files:\n${lines.join('\n')}\n`);
  }
}
